'use client';

import { useEffect, useState } from 'react';
import {
  festivalDayNumber,
  fitLines,
  liveWhen,
  nowAndNext,
  sameIndiaDay,
  sameSessions,
  todayAttribute,
  type LiveSession,
  type NowAndNext as Strip,
} from './live-schedule';

/** Lines each column holds: its fixed height, 3 x leading-6 = h-18 (see fitLines). */
const room = 3;

/** When the strip is next due: the coming minute's start, so a session shows as it begins. */
function msToNextMinute(): number {
  return 60_000 - (Date.now() % 60_000) + 50;
}

function Column({
  heading,
  sessions,
  empty,
  nowMs,
}: {
  heading: string;
  sessions: LiveSession[] | null;
  empty: string;
  nowMs: number;
}) {
  const { shown, more } = fitLines(sessions ?? [], room);
  const headingId = `live-${heading.toLowerCase()}`;
  return (
    // min-w-0: a grid column may shrink below its text, so long lines end in an ellipsis.
    <div className="min-w-0">
      <h3 id={headingId} className="font-display text-sm tracking-widest text-gold">
        {heading}
      </h3>
      {/* Fixed height: the skeleton drawn before hydration is exactly as tall as the filled strip. */}
      <ul aria-labelledby={headingId} className="mt-1 h-18 overflow-hidden text-base leading-6">
        {sessions === null ? null : sessions.length === 0 ? (
          <li className="truncate text-parchment/80">{empty}</li>
        ) : (
          shown.map((s) => (
            <li key={s.id} className="truncate">
              <span className="font-semibold text-parchment">{liveWhen(s, nowMs)}</span> {s.title}, {s.venue}
            </li>
          ))
        )}
        {more > 0 ? <li className="truncate text-parchment/80">and {more} more below</li> : null}
      </ul>
    </div>
  );
}

/**
 * "Now and next" during the festival (India time), worked out in the browser from the sessions and
 * refreshed each minute. Its box is drawn on the server empty and hidden; the schedule's today script
 * shows it before the first paint while the festival is on, so filling it in shifts nothing, and outside
 * the festival it takes no space and this component removes it. The region is polite and its text changes
 * only when a session starts or ends (an unchanged minute leaves the DOM alone), so it never repeats itself.
 */
export function NowAndNext({ sessions, scheduleId }: { sessions: LiveSession[]; scheduleId: string }) {
  const [strip, setStrip] = useState<{ nowMs: number; sessions: Strip } | 'off' | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const nowMs = Date.now();
      const day = festivalDayNumber(nowMs);
      // Also after a client-side navigation (no inline script ran) and across midnight while open.
      const schedule = document.getElementById(scheduleId);
      if (day === null) schedule?.removeAttribute(todayAttribute);
      else schedule?.setAttribute(todayAttribute, String(day));
      const next = nowAndNext(sessions, nowMs);
      setStrip((current) => {
        if (day === null) return 'off';
        if (current && current !== 'off' && sameSessions(current.sessions, next)) {
          // The day of a "next" session reads relative to today: keep the old answer unless the date moved.
          if (sameIndiaDay(current.nowMs, nowMs)) return current;
        }
        return { nowMs, sessions: next };
      });
      timer = setTimeout(tick, msToNextMinute());
    };
    tick();
    return () => clearTimeout(timer);
  }, [sessions, scheduleId]);

  if (strip === 'off') return null;
  return (
    <section
      aria-labelledby="now-next-heading"
      aria-live="polite"
      className="mt-10 hidden rounded-xl border border-gold/30 bg-night/70 p-4 group-data-[today]:block"
    >
      <h2 id="now-next-heading" className="sr-only">
        Now and next
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-6">
        <Column
          heading="NOW"
          sessions={strip?.sessions.now ?? null}
          empty="Nothing on right now"
          nowMs={strip?.nowMs ?? 0}
        />
        <Column
          heading="NEXT"
          sessions={strip?.sessions.next ?? null}
          empty="Nothing more scheduled"
          nowMs={strip?.nowMs ?? 0}
        />
      </div>
    </section>
  );
}
