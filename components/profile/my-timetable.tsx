'use client';

import { useEffect, useState } from 'react';
import { textLinkClass } from '@/components/forms/field-classes';
import { InlineLoader } from '@/components/forms/inline-loader';
import { Spinner } from '@/components/forms/spinner';
import { useToast } from '@/components/toast/toast-provider';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { sessionTitle, timeRange } from '@/lib/timetable';
import { downloadTimetableCalendar } from './calendar-download';
import { startsFromCopy, type ServerCopy } from './from-server';
import { savedTimetableKey } from './pass-storage';
import {
  overlapSentence,
  parseSavedTimetable,
  timetableDays,
  type MyTimetable,
  type TimetableEntry,
} from './timetable-days';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; timetable: MyTimetable; offline: boolean }
  | { status: 'failed' };

export const noSessionsYet = 'Times and venues appear here once the organisers publish the timetable.';

function readSaved(userId: string): MyTimetable | null {
  try {
    return parseSavedTimetable(window.localStorage.getItem(savedTimetableKey(userId)));
  } catch {
    return null;
  }
}

function save(userId: string, timetable: MyTimetable): void {
  try {
    window.localStorage.setItem(savedTimetableKey(userId), JSON.stringify(timetable));
  } catch {
    // Private mode or a full storage: the timetable still shows now, just not offline later.
  }
}

/**
 * The profile's "Your timetable": the sessions of every event the participant is registered for, by
 * festival day in time order, overlaps flagged, and one calendar file with all of them. The last answer is
 * kept on the device (like the pass) and shown, marked offline, when the request gets no answer at all.
 * `initial`: the page's copy, shown at once; read again only when the copy is old or shown again (startsFromCopy).
 */
export function MyTimetableSection({
  userId,
  initial,
}: {
  userId: string;
  initial?: ServerCopy<MyTimetable>;
}) {
  const [load, setLoad] = useState<Load>(() =>
    initial ? { status: 'ready', timetable: initial.value, offline: false } : { status: 'loading' },
  );
  const [firstCopy] = useState(initial);

  useEffect(() => {
    if (firstCopy && startsFromCopy(firstCopy, 'timetable')) {
      // Kept for the gate as if the browser had asked for it.
      save(userId, firstCopy.value);
      return;
    }
    const controller = new AbortController();
    api
      .get<MyTimetable>('/api/my-timetable', { signal: controller.signal })
      .then((answer) => {
        save(userId, answer.data);
        setLoad({ status: 'ready', timetable: answer.data, offline: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Only without any answer (no signal) is the saved copy better than the truth.
        const saved =
          error instanceof ApiError && error.status === 0 ? (readSaved(userId) ?? firstCopy?.value) : null;
        setLoad(saved ? { status: 'ready', timetable: saved, offline: true } : { status: 'failed' });
      });
    return () => controller.abort();
  }, [userId, firstCopy]);

  return (
    <section aria-labelledby="my-timetable" className={cardClass}>
      <h2 id="my-timetable" className={headingClass}>
        Your timetable
      </h2>
      {load.status === 'loading' ? <InlineLoader label="Loading your timetable" /> : null}
      {load.status === 'failed' ? (
        <p className="mt-3">We couldn&apos;t load your timetable just now. Please try again in a moment.</p>
      ) : null}
      {load.status === 'ready' ? <TimetableBody timetable={load.timetable} offline={load.offline} /> : null}
    </section>
  );
}

function TimetableBody({ timetable, offline }: { timetable: MyTimetable; offline: boolean }) {
  if (timetable.sessions.length === 0) return <p className="mt-3 text-parchment/85">{noSessionsYet}</p>;
  const days = timetableDays(timetable);
  return (
    <>
      {offline ? (
        <p className="mt-2 text-sm text-amber-200">
          You are offline: this is the timetable saved on this device, and it may have changed since.
        </p>
      ) : null}
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`timetable-${day.date}`} className="mt-5">
          <h3 id={`timetable-${day.date}`} className="font-display text-base tracking-wide text-parchment">
            {day.heading}
          </h3>
          <ul className="mt-2 flex flex-col gap-3">
            {day.entries.map((entry) => (
              <SessionItem key={entry.session.id} entry={entry} />
            ))}
          </ul>
        </section>
      ))}
      {offline ? null : <CalendarButton />}
    </>
  );
}

function SessionItem({ entry: { session, overlapsWith } }: { entry: TimetableEntry }) {
  const clash = overlapsWith.length > 0;
  return (
    <li
      className={`rounded-xl border px-4 py-3 ${clash ? 'border-amber-400/70 bg-amber-950/30' : 'border-parchment/15 bg-black/30'}`}
    >
      <p className="font-display text-parchment">{sessionTitle(session)}</p>
      <p className="text-parchment/85">
        <time dateTime={session.startsAt}>{timeRange(session.startsAt, session.endsAt)}</time>
        <span aria-hidden="true"> · </span>
        <span>{session.venueName}</span>
        {session.venueMapUrl ? (
          <>
            {' '}
            <a
              href={session.venueMapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${textLinkClass} text-sm`}
            >
              Map<span className="sr-only"> of {session.venueName} (opens in a new tab)</span>
            </a>
          </>
        ) : null}
      </p>
      {clash ? <p className="mt-1 text-sm text-amber-200">{overlapSentence(overlapsWith)}</p> : null}
    </li>
  );
}

function CalendarButton() {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await downloadTimetableCalendar();
    } catch (error) {
      toast({
        title: 'Calendar file not downloaded',
        description: messageOf(error, 'Please try again in a moment.'),
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-5">
      <button
        type="button"
        onClick={() => void download()}
        aria-busy={busy}
        className="inline-flex min-h-12 items-center gap-3 rounded-full border border-gold px-6 py-2 font-display tracking-widest text-gold transition hover:bg-gold hover:text-ink"
      >
        {busy ? <Spinner /> : null}
        Add all to calendar
      </button>
      <p className="mt-2 text-sm text-parchment/80">
        One calendar file with every session above; open it to add them to your phone&apos;s calendar.
      </p>
    </div>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';
const headingClass = 'font-display text-xl text-gold';
