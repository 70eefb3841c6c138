'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmStepButton } from '@/components/forms/confirm-step-button';
import { textLinkClass } from '@/components/forms/field-classes';
import { heldUntil } from '@/components/waiting-lists/shop-waiting-list';
import { fetchMyWaitingLists, leaveWaitingList } from '@/components/waiting-lists/waiting-list-api';
import { ApiError, messageOf } from '@/lib/api-client';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import { startsFromCopy, type ServerCopy } from './from-server';

type Load =
  | { status: 'loading' }
  /** `shown`: the section has had entries, so it stays (with its messages) after the last is left. */
  | { status: 'ready'; entries: MyWaitingEntry[]; shown: boolean }
  | { status: 'offline' }
  | { status: 'failed' };

/**
 * The offer's link on this site (the server gives it with the site's address, as in the mail). Its path
 * alone, whatever the address: the page renders it on the server too, where there is no window.location.
 */
function sitePath(url: string): string {
  try {
    const parsed = new URL(url, 'http://site.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * The profile's "Your waiting lists" (docs/waiting-lists.md): the caller's live entries in order of
 * joining, each with its place in line or its standing offer, and Leave (in two steps). Like the
 * timetable it loads on its own; unlike it, it keeps nothing on the device and shows nothing at all when
 * the caller waits for nothing, while it loads, or without a signal, so the profile stays light.
 * `initial`: the page's copy, shown at once; read again only when the copy is old or shown again (startsFromCopy).
 */
export function MyWaitingListsSection({ initial }: { initial?: ServerCopy<MyWaitingEntry[]> }) {
  const [load, setLoad] = useState<Load>(() =>
    initial
      ? { status: 'ready', entries: initial.value, shown: initial.value.length > 0 }
      : { status: 'loading' },
  );
  const [firstCopy] = useState(initial);
  const [said, setSaid] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Settles in the promise's callbacks, so the effect below never sets state synchronously.
  const fetchEntries = useCallback(
    (signal?: AbortSignal) =>
      fetchMyWaitingLists(signal).then(
        ({ data }) =>
          setLoad((current) => ({
            status: 'ready',
            entries: data,
            shown: data.length > 0 || (current.status === 'ready' && current.shown),
          })),
        (error: unknown) => {
          if (signal?.aborted) return;
          setLoad(
            error instanceof ApiError && error.status === 0 ? { status: 'offline' } : { status: 'failed' },
          );
        },
      ),
    [],
  );

  useEffect(() => {
    if (startsFromCopy(firstCopy, 'waiting-lists')) return;
    const controller = new AbortController();
    void fetchEntries(controller.signal);
    return () => controller.abort();
  }, [fetchEntries, firstCopy]);

  async function leave(entry: MyWaitingEntry): Promise<boolean> {
    try {
      await leaveWaitingList(entry.id);
      setLoad((current) =>
        current.status === 'ready'
          ? { ...current, entries: current.entries.filter((e) => e.id !== entry.id) }
          : current,
      );
      setSaid(`You have left the waiting list for ${entry.label}.`);
      // The entry and its buttons are gone: keep the keyboard in this section.
      headingRef.current?.focus();
      return true;
    } catch (error) {
      setSaid(messageOf(error, 'Something went wrong. Please try again.'));
      // Gone meanwhile (an order took the offer, it lapsed, another tab left): show the list as it is now.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void fetchEntries();
      return false;
    }
  }

  if (load.status === 'loading' || load.status === 'offline') return null;
  if (load.status === 'ready' && !load.shown) return null;
  return (
    <section aria-labelledby="my-waiting-lists" className={cardClass}>
      <h2 id="my-waiting-lists" ref={headingRef} tabIndex={-1} className={headingClass}>
        Your waiting lists
      </h2>
      {load.status === 'failed' ? (
        <p className="mt-3">
          We couldn&apos;t load your waiting lists just now. Please try again in a moment.
        </p>
      ) : null}
      {load.status === 'ready' && load.entries.length === 0 ? (
        <p className="mt-3 text-parchment/85">You are not on any waiting list now.</p>
      ) : null}
      {load.status === 'ready' && load.entries.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3">
          {load.entries.map((entry) => (
            <WaitingEntryItem key={entry.id} entry={entry} onLeave={() => leave(entry)} />
          ))}
        </ul>
      ) : null}
      <p role="status" aria-live="polite" className="mt-3 text-parchment/90 empty:mt-0">
        {said}
      </p>
    </section>
  );
}

function WaitingEntryItem({ entry, onLeave }: { entry: MyWaitingEntry; onLeave: () => Promise<boolean> }) {
  const offered = entry.status === 'offered';
  return (
    <li
      className={`rounded-xl border px-4 py-3 ${offered ? 'border-emerald-400/60 bg-emerald-950/40' : 'border-parchment/15 bg-black/30'}`}
    >
      <p className="font-display text-parchment">{entry.label}</p>
      {offered ? (
        <p className="mt-1">
          A place is held for you until {heldUntil(entry.offerExpiresAt)}.{' '}
          {entry.offerUrl ? (
            <Link href={sitePath(entry.offerUrl)} className={textLinkClass}>
              Take the offer<span className="sr-only"> for {entry.label}</span>
            </Link>
          ) : null}
        </p>
      ) : (
        <p className="mt-1 text-parchment/90">Number {entry.position ?? 1} in line</p>
      )}
      {entry.teamName || entry.emails.length > 1 ? (
        <p className="mt-1 text-sm break-words text-parchment/80">
          {entry.teamName ? `Team ${entry.teamName}: ` : 'Team: '}
          {entry.emails.join(', ')}
        </p>
      ) : null}
      <LeaveButton label={entry.label} onLeave={onLeave} />
    </li>
  );
}

function LeaveButton({ label, onLeave }: { label: string; onLeave: () => Promise<boolean> }) {
  return (
    <ConfirmStepButton
      question={`Leave the waiting list for ${label}?`}
      consequence="Leave this waiting list? Your place in line cannot be given back."
      yes="Yes, leave"
      no="Keep my place"
      onConfirm={onLeave}
    >
      Leave<span className="sr-only"> the waiting list for {label}</span>
    </ConfirmStepButton>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';
const headingClass = 'font-display text-xl text-gold';
