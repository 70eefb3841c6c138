'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { textLinkClass } from '@/components/forms/field-classes';
import { ApiError, messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { shopPaths, type ShopKind } from '@/lib/schemas/inventory';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import { fetchMyWaitingLists, joinWaitingList } from './waiting-list-api';

/*
 * The shop's waiting lists (docs/waiting-lists.md, "Screens"): a sold-out T-shirt size or a full stay can be
 * joined from /merchandise and /accomodation, and an offer link (`?offer={entryId}`) lands on the same
 * screen with the offered size or stay chosen. The signed-in caller's live entries are read once per
 * screen (GET /api/waiting-lists): they say which items the caller already waits for, and which offer the
 * link names.
 */

export type { ShopKind };

/** The caller's live entry for one item, as far as the shop needs it. */
export type ShopEntry = Pick<MyWaitingEntry, 'id' | 'itemId' | 'status' | 'position' | 'offerExpiresAt'>;

/** 'Held for you until 24 Nov 2026, 3:15 pm (India time)' is built from this. */
export function heldUntil(offerExpiresAt: string | null): string {
  return offerExpiresAt ? `${formatDateTime(offerExpiresAt)} (India time)` : 'the time in your e-mail';
}

/** The offer's link on this site, kept relative so it stays on whatever address the page was opened at. */
export function offerPath(kind: ShopKind, entryId: string): string {
  return `${shopPaths[kind]}?offer=${encodeURIComponent(entryId)}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the screen knows of the link's offer: none asked, still loading, the caller's standing offer, one
 * that cannot be used (unknown, someone else's, lapsed, taken, left, or for the other kind of item), or
 * unchecked (the caller's entries could not be read).
 */
export type OfferState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'valid'; entry: ShopEntry }
  | { status: 'invalid' }
  | { status: 'unchecked' };

export interface Notice {
  tone: 'success' | 'info' | 'error';
  text: string;
  /** Whether to point to the profile, where the lists are shown and can be left. */
  toProfile?: boolean;
}

/**
 * The caller's live entries of one kind, joining, and the link's offer. `onPlacesLeft` reloads the
 * screen's availability when the server says the item is not full after all.
 */
export function useShopWaitingLists(kind: ShopKind, offerId: string) {
  const [entries, setEntries] = useState<ShopEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [joining, setJoining] = useState<number | null>(null);
  const [justJoined, setJustJoined] = useState<number | null>(null);

  // Settles in the promise's callbacks, so the effect below never sets state synchronously.
  const load = useCallback(
    (signal?: AbortSignal): Promise<void> =>
      fetchMyWaitingLists(signal).then(
        ({ data }) => {
          setFailed(false);
          setEntries(data.filter((entry) => entry.kind === kind));
        },
        () => {
          if (signal?.aborted) return;
          // The screen still sells; only what the caller waits for is unknown (joining again answers it).
          setFailed(true);
          setEntries((current) => current ?? []);
        },
      ),
    [kind],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  let offer: OfferState = { status: 'none' };
  if (offerId) {
    const entry = entries?.find((e) => e.id === offerId && e.status === 'offered');
    if (!uuidPattern.test(offerId)) offer = { status: 'invalid' };
    else if (entries === null) offer = { status: 'checking' };
    else if (entry) offer = { status: 'valid', entry };
    else offer = failed ? { status: 'unchecked' } : { status: 'invalid' };
  }

  const join = useCallback(
    async (itemId: number, name: string, onPlacesLeft: () => void) => {
      if (joining !== null) return;
      setJoining(itemId);
      setNotice(null);
      try {
        const { data } = await joinWaitingList(kind, itemId);
        setJustJoined(itemId);
        setEntries((current) => [
          ...(current ?? []).filter((e) => e.itemId !== itemId),
          { id: data.id, itemId, status: data.status, position: data.position, offerExpiresAt: null },
        ]);
        setNotice({
          tone: 'success',
          text: `You are on the waiting list for ${name}: number ${data.position ?? 1} in line. If a place frees up for you, we will e-mail you a link to pay for it.`,
          toProfile: true,
        });
      } catch (error) {
        if (error instanceof ApiError && error.reason === 'places_left') {
          const now =
            kind === 'merchandise_variant'
              ? 'can be bought now: add it to your cart.'
              : 'has a place free again: you can book it now.';
          setNotice({ tone: 'info', text: `${capitalise(name)} ${now}` });
          onPlacesLeft();
        } else {
          setNotice({ tone: 'error', text: messageOf(error, 'Something went wrong. Please try again.') });
          // Already on the list (perhaps from another tab): show where.
          if (error instanceof ApiError && error.status === 409) void load();
        }
      } finally {
        setJoining(null);
      }
    },
    [joining, kind, load],
  );

  const entryFor = useCallback(
    (itemId: number) => entries?.find((e) => e.itemId === itemId) ?? null,
    [entries],
  );

  return { entries, offer, notice, joining, justJoined, join, entryFor, reload: load };
}

export type ShopWaitingLists = ReturnType<typeof useShopWaitingLists>;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The waiting-list answers of a screen, in one polite live region that is always there (so its first
 * message is announced too) and outside the items, which may change or go when availability reloads.
 */
export function WaitingListNotice({ notice, className }: { notice: Notice | null; className?: string }) {
  const tone = {
    success: 'border-emerald-400/60 bg-emerald-950/50',
    info: 'border-sky-400/60 bg-slate-900/70',
    error: 'border-red-400/60 bg-red-950/50',
  };
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={className}>
      {notice ? (
        <p className={`rounded-xl border px-4 py-3 ${tone[notice.tone]}`}>
          {notice.text}
          {notice.toProfile ? (
            <>
              {' '}
              <Link href="/profile" className={textLinkClass}>
                See or leave your waiting lists on your profile
              </Link>
              .
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

const joinButtonClass =
  'inline-flex min-h-11 items-center rounded-full border border-gold/60 px-4 py-2 font-display text-sm tracking-wide text-gold transition hover:bg-gold/10 disabled:cursor-wait disabled:opacity-60';

/**
 * What a sold-out size or full stay offers the caller: their place in line, their standing offer, or
 * the button to join. `name` completes the button's accessible name ("… for size XXL").
 */
export function WaitingListAction({
  kind,
  entry,
  name,
  busy,
  justJoined,
  onJoin,
}: {
  kind: ShopKind;
  entry: ShopEntry | null;
  name: string;
  busy: boolean;
  /** The caller joined this list a moment ago with the button: the keyboard moves to their place. */
  justJoined: boolean;
  onJoin: () => void;
}) {
  if (entry?.status === 'waiting') {
    return <PlaceInLine position={entry.position ?? 1} focus={justJoined} />;
  }
  if (entry?.status === 'offered') {
    return (
      <p className="text-sm text-parchment/90">
        Held for you until {heldUntil(entry.offerExpiresAt)}.{' '}
        <Link href={offerPath(kind, entry.id)} className={textLinkClass}>
          Take the offer<span className="sr-only"> for {name}</span>
        </Link>
      </p>
    );
  }
  return (
    <button type="button" className={joinButtonClass} disabled={busy} aria-busy={busy} onClick={onJoin}>
      Join the waiting list<span className="sr-only"> for {name}</span>
    </button>
  );
}

function PlaceInLine({ position, focus }: { position: number; focus: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The button it replaces had the keyboard: keep it here rather than lose it to the page's start.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <p ref={ref} tabIndex={-1} className="text-sm text-parchment/90">
      On the waiting list: <strong className="text-gold">number {position} in line</strong>
    </p>
  );
}

/** The box at the top of a shop screen opened from an offer link. */
export function OfferBanner({
  offer,
  held,
  invalid,
  className = '',
}: {
  offer: OfferState;
  className?: string;
  /** What is held and where it is, in the valid case ("Size M is in your cart …"); null while unknown. */
  held: () => ReactNode;
  /** What the screen offers instead when the link cannot be used. */
  invalid: string;
}) {
  if (offer.status === 'valid') {
    const what = held();
    return (
      <section
        aria-labelledby="offer-heading"
        className={`rounded-2xl border border-emerald-400/60 bg-emerald-950/50 p-4 sm:p-5 ${className}`}
      >
        <h2 id="offer-heading" className="font-display text-lg text-gold">
          Held for you until {heldUntil(offer.entry.offerExpiresAt)}
        </h2>
        {what ? <p className="mt-1">{what}</p> : null}
      </section>
    );
  }
  if (offer.status === 'invalid' || offer.status === 'unchecked') {
    return (
      <p
        role="status"
        className={`rounded-2xl border border-amber-400/60 bg-amber-950/40 p-4 sm:p-5 ${className}`}
      >
        {offer.status === 'invalid'
          ? 'This offer link can no longer be used: the offer has expired or was already taken, or it was made for another account.'
          : 'We could not check your offer just now. Please reload the page in a moment.'}{' '}
        {invalid}
      </p>
    );
  }
  return null;
}
