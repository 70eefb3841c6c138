'use client';

import Link from 'next/link';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api-client';
import type { AttendanceSession } from '@/lib/schemas/attendance';
import { sessionTimes } from './session-time';
import { useVisiblePolling } from './use-visible-polling';

/** How often the counts are asked for again while the page is on screen. */
const pollMs = 10_000;

/**
 * The sessions a volunteer can take attendance at, today's first, each with its live count present /
 * registered. A failed poll (no signal) keeps the last counts on screen.
 */
export function AttendanceSessions({
  initial,
  canExport,
}: {
  initial: AttendanceSession[];
  canExport: boolean;
}) {
  const [sessions, setSessions] = useState(initial);
  const [stale, setStale] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const answer = await api.get<AttendanceSession[]>('/api/admin/attendance/sessions');
      setSessions(answer.data);
      setStale(false);
    } catch {
      setStale(true);
    }
  }, []);
  useVisiblePolling(refresh, pollMs);

  const today = sessions.filter((s) => s.isToday);
  const others = sessions.filter((s) => !s.isToday);

  return (
    <div className="mt-6 flex flex-col gap-6">
      {canExport ? (
        <p>
          <a
            href="/api/admin/export/attendance.csv"
            download
            className="inline-flex min-h-12 items-center rounded-full border border-gold px-6 py-2 font-display tracking-widest text-gold hover:bg-gold hover:text-ink"
          >
            Download attendance (CSV)
          </a>
        </p>
      ) : null}
      {stale ? (
        <p role="status" className="rounded-lg border border-amber-400/60 bg-amber-950/60 px-3 py-2">
          No connection: the counts shown are the last ones received.
        </p>
      ) : null}
      {sessions.length === 0 ? <p>No sessions are on the timetable yet.</p> : null}
      {today.length > 0 ? <SessionGroup title="Today" sessions={today} /> : null}
      {others.length > 0 ? (
        <SessionGroup title={today.length > 0 ? 'Other days' : 'Sessions'} sessions={others} />
      ) : null}
    </div>
  );
}

function SessionGroup({ title, sessions }: { title: string; sessions: AttendanceSession[] }) {
  return (
    <section aria-label={title}>
      <h2 className="font-display text-xl text-gold">{title}</h2>
      <ul className="mt-3 flex flex-col gap-3">
        {sessions.map((s) => (
          <li key={s.id}>
            <Link
              href={`/admin/attendance/${s.id}`}
              className="block rounded-2xl border border-gold/30 bg-night/80 p-4 hover:border-gold"
            >
              <span className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-display text-lg">
                  {s.eventName}
                  {s.roundName ? `: ${s.roundName}` : ''}
                </span>
                <span className="text-lg font-semibold" data-testid={`session-count-${s.id}`}>
                  {s.present} / {s.registered} present
                </span>
              </span>
              <span className="mt-1 block text-parchment/85">
                {s.venueName} · {sessionTimes(s.startsAt, s.endsAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
