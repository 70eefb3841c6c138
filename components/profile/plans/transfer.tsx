'use client';

import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { IdentityProofUpload, useProofUpload } from '@/components/accommodation/identity-proof-upload';
import { errorClass, hintClass, inputClass, labelClass } from '@/components/forms/field-classes';
import { ConfirmStep, goButtonClass, quietButtonClass } from '@/components/forms/confirm-step-button';
import { useToast } from '@/components/toast/toast-provider';
import { ApiError, messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { MyTransfers, TransferableKind, TransferOfferView } from '@/lib/schemas/transfers';
import { startsFromCopy, type ServerCopy } from '@/components/profile/from-server';
import {
  acceptTransfer,
  declineTransfer,
  fetchTransfers,
  offerTransfer,
  uploadIdOf,
  withdrawTransfer,
} from './transfer-api';

/*
 * Transfers on the profile (docs/own-changes.md). TransferOffer sits under one of the caller's places: an
 * e-mail field and "Offer this place", or the open offer with "Withdraw". IncomingTransfers lists the offers
 * made to the caller, each with Accept (a stay asks for the identity proof first) and Decline. Every step
 * that cannot be taken back asks once more in place (no window.confirm), and every refusal is announced.
 */

const fallback = 'Something went wrong. Please try again.';

/**
 * The one open offer the caller made for this place, if any: the page's copy (`initial`) at once, read
 * again only when the copy is old or shown again (startsFromCopy).
 */
function useOutgoing(id: string, initial: ServerCopy<TransferOfferView | null> | undefined) {
  const [offer, setOffer] = useState<TransferOfferView | null>(() => initial?.value ?? null);
  const [loaded, setLoaded] = useState(initial !== undefined);
  const [firstCopy] = useState(initial);
  const reload = useCallback(
    (signal?: AbortSignal) =>
      fetchTransfers(signal).then(
        ({ data }) => {
          setOffer(data.outgoing.find((o) => o.entityId === id) ?? null);
          setLoaded(true);
        },
        () => {
          if (!signal?.aborted) setLoaded(true);
        },
      ),
    [id],
  );
  useEffect(() => {
    if (startsFromCopy(firstCopy, `transfer-offer:${id}`)) return;
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload, firstCopy, id]);
  return { offer, setOffer, loaded, reload };
}

/** Under a solo registration or a stay: offer it to another verified account, or withdraw the open offer. */
export function TransferOffer({
  kind,
  id,
  initial,
  onChanged,
}: {
  kind: TransferableKind;
  id: string;
  /** The page's copy of this place's open offer (null: none). */
  initial?: ServerCopy<TransferOfferView | null>;
  onChanged?: () => void;
}) {
  const { toast } = useToast();
  const fieldId = useId();
  const { offer, setOffer, loaded, reload } = useOutgoing(id, initial);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [asking, setAsking] = useState<'offer' | 'withdraw' | null>(null);
  const [busy, setBusy] = useState(false);
  const yesRef = useRef<HTMLButtonElement>(null);
  const what = kind === 'registration' ? 'registration' : 'stay';

  useEffect(() => {
    if (asking) yesRef.current?.focus();
  }, [asking]);

  function ask(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
      setError('Please enter the e-mail address of their account.');
      return;
    }
    setError('');
    setAsking('offer');
  }

  async function run(step: 'offer' | 'withdraw') {
    setBusy(true);
    setError('');
    try {
      const answer =
        step === 'offer' ? await offerTransfer(kind, id, email.trim()) : await withdrawTransfer(offer!.id);
      setOffer(step === 'offer' ? answer.data.offer : null);
      if (step === 'withdraw') setEmail('');
      toast({ title: answer.message, variant: 'success' });
      onChanged?.();
    } catch (failure) {
      setError(messageOf(failure, fallback));
      // Decided meanwhile elsewhere (accepted, declined, another tab): show the offer as it stands now.
      if (failure instanceof ApiError && (failure.status === 404 || failure.status === 409)) void reload();
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  if (!loaded) return null;
  return (
    <div className="mt-3 rounded-xl border border-parchment/15 bg-black/20 p-3">
      {offer ? (
        <>
          <p className="text-sm text-parchment">
            Offered to <span className="font-semibold">{offer.otherName}</span>{' '}
            <span className="break-all">({offer.otherEmail})</span>. They can accept it from their profile
            until {formatDateTime(offer.freezeAt)} (India time).
          </p>
          {asking === 'withdraw' ? (
            <ConfirmStep
              showQuestion
              tone="go"
              question="Withdraw this offer?"
              consequence="They will no longer be able to accept it. The place stays yours."
              yes="Yes, withdraw"
              no="Keep the offer"
              busy={busy}
              yesRef={yesRef}
              onYes={() => void run('withdraw')}
              onNo={() => setAsking(null)}
            />
          ) : (
            <button
              type="button"
              className={`mt-2 ${quietButtonClass}`}
              onClick={() => setAsking('withdraw')}
            >
              Withdraw<span className="sr-only"> the offer of your {what}</span>
            </button>
          )}
        </>
      ) : (
        <form noValidate onSubmit={ask}>
          <label htmlFor={fieldId} className={labelClass}>
            Give this {what} to someone else
          </label>
          <input
            id={fieldId}
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setEmail(event.target.value)}
            disabled={busy || asking !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
            className={inputClass}
            placeholder="their.email@example.com"
          />
          <p id={`${fieldId}-hint`} className={hintClass}>
            The e-mail of their verified account. They accept from their own profile.
          </p>
          {asking === 'offer' ? (
            <ConfirmStep
              showQuestion
              tone="go"
              question={`Offer your ${what} to ${email.trim()}?`}
              consequence="Once they accept, it is theirs: your pass and calendar no longer include it, and it cannot be given back."
              yes="Yes, offer it"
              no="Not now"
              busy={busy}
              yesRef={yesRef}
              onYes={() => void run('offer')}
              onNo={() => setAsking(null)}
            />
          ) : (
            <button type="submit" className={`mt-2 ${quietButtonClass}`} disabled={busy}>
              Offer this place
            </button>
          )}
        </form>
      )}
      <p id={`${fieldId}-error`} role="alert" className={`${errorClass} empty:hidden`}>
        {error}
      </p>
    </div>
  );
}

/**
 * The offers made to the caller, each to accept or decline; nothing at all when there are none.
 * `initial`: the page's copy, shown at once; read again only when the copy is old or shown again (startsFromCopy).
 */
export function IncomingTransfers({
  initial,
  onChanged,
}: {
  initial?: ServerCopy<MyTransfers>;
  onChanged?: () => void;
}) {
  const [offers, setOffers] = useState<TransferOfferView[]>(() => initial?.value.incoming ?? []);
  const [said, setSaid] = useState('');
  const [firstCopy] = useState(initial);

  /** Whether the offers were read (false: no answer, the list stays as it is). */
  const reload = useCallback(
    (signal?: AbortSignal) =>
      fetchTransfers(signal).then(
        ({ data }) => {
          setOffers(data.incoming);
          return true;
        },
        () => false,
      ),
    [],
  );
  useEffect(() => {
    if (startsFromCopy(firstCopy, 'incoming-transfers')) return;
    const controller = new AbortController();
    void reload(controller.signal).then((answered) => {
      // None shown without an answer, as before the page brought any: an old document's offers may be
      // gone, and accepting one needs the server anyway.
      if (!answered && firstCopy && !controller.signal.aborted) setOffers([]);
    });
    return () => controller.abort();
  }, [reload, firstCopy]);

  function settled(offer: TransferOfferView, message: string) {
    setOffers((current) => current.filter((o) => o.id !== offer.id));
    setSaid(message);
    onChanged?.();
  }

  if (offers.length === 0 && !said) return null;
  return (
    <section aria-labelledby="incoming-transfers" className={cardClass}>
      <h2 id="incoming-transfers" className="font-display text-xl text-gold">
        Places offered to you
      </h2>
      {offers.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3">
          {offers.map((offer) => (
            <IncomingOffer
              key={offer.id}
              offer={offer}
              onSettled={(message) => settled(offer, message)}
              onStale={() => void reload()}
            />
          ))}
        </ul>
      ) : null}
      <p role="status" aria-live="polite" className="mt-3 text-parchment/90 empty:mt-0">
        {said}
      </p>
    </section>
  );
}

function IncomingOffer({
  offer,
  onSettled,
  onStale,
}: {
  offer: TransferOfferView;
  onSettled: (message: string) => void;
  onStale: () => void;
}) {
  const isStay = offer.kind === 'accommodation_booking';
  const { proof, uploading, upload } = useProofUpload();
  const [asking, setAsking] = useState<'accept' | 'decline' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const yesRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) yesRef.current?.focus();
  }, [asking]);

  function askAccept() {
    if (isStay && !proof) {
      setError('Please upload your identity proof first: a stay needs your own.');
      return;
    }
    setError('');
    setAsking('accept');
  }

  async function run(step: 'accept' | 'decline') {
    setBusy(true);
    setError('');
    try {
      const answer =
        step === 'accept'
          ? await acceptTransfer(offer.id, proof ? uploadIdOf(proof.url) : undefined)
          : await declineTransfer(offer.id);
      onSettled(answer.message);
    } catch (failure) {
      setError(messageOf(failure, fallback));
      // Withdrawn or lapsed meanwhile: the list as it stands now.
      if (failure instanceof ApiError && failure.status === 404) onStale();
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <li className="rounded-xl border border-emerald-400/60 bg-emerald-950/40 px-4 py-3">
      <p className="font-display text-parchment">{offer.summary}</p>
      <p className="mt-1 text-sm text-parchment/90">
        From <span className="font-semibold">{offer.otherName}</span>{' '}
        <span className="break-all">({offer.otherEmail})</span>, until {formatDateTime(offer.freezeAt)} (India
        time).
      </p>
      {isStay ? (
        <div className="mt-3">
          <IdentityProofUpload
            heading={null}
            label="Your identity proof"
            proof={proof}
            uploading={uploading}
            onUpload={upload}
            disabled={busy}
          />
        </div>
      ) : null}
      {asking ? (
        <ConfirmStep
          showQuestion
          tone="go"
          question={asking === 'accept' ? `Accept ${offer.summary}?` : `Decline ${offer.summary}?`}
          consequence={
            asking === 'accept'
              ? 'It becomes yours, with its calendar entries and your festival pass.'
              : 'The offer closes; they would have to offer it again.'
          }
          yes={asking === 'accept' ? 'Yes, accept' : 'Yes, decline'}
          no="Not now"
          busy={busy}
          yesRef={yesRef}
          onYes={() => void run(asking)}
          onNo={() => setAsking(null)}
        />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={goButtonClass} onClick={askAccept} disabled={uploading}>
            Accept<span className="sr-only"> {offer.summary}</span>
          </button>
          <button type="button" className={quietButtonClass} onClick={() => setAsking('decline')}>
            Decline<span className="sr-only"> {offer.summary}</span>
          </button>
        </div>
      )}
      <p role="alert" className={`${errorClass} empty:hidden`}>
        {error}
      </p>
    </li>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';
