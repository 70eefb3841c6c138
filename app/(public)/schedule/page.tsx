import type { Metadata } from 'next';
import Link from 'next/link';
import { DayTable } from '@/components/schedule/day-table';
import { sessionRow, type ScheduleRow } from '@/components/schedule/schedule-row';
import { todayFirstCss, todayScript, toLiveSessions } from '@/components/schedule/live-schedule';
import { NowAndNext } from '@/components/schedule/now-and-next';
import { KeepOfflinePage } from '@/components/offline/keep-offline-page';
import { JsonLd } from '@/components/seo/json-ld';
import { festival } from '@/lib/festival';
import { cachedTimetable } from '@/lib/server/content-cache';
import { env } from '@/lib/server/env';
import { scheduleJsonLd } from '@/lib/structured-data';
import { byTime, festivalDayOf, festivalDays, type TimetableSession } from '@/lib/timetable';

/*
 * Cached like the other public pages: rendered on the first visit after a build or a change of the events
 * or sessions (tag content:events), then served from the cache. Nothing on it depends on the time of the
 * visit: which day is today and what is on now are worked out in the browser (components/schedule).
 */
export const revalidate = false;

export const metadata: Metadata = {
  title: 'Schedule',
  description: `Day-by-day schedule of ${festival.name}, 20 to 23 February.`,
  alternates: { canonical: '/schedule' },
};

/** SPEC.md part 2: the schedule holds placeholder rows until the real timetable is published. */
const placeholderRows: ScheduleRow[] = Array.from({ length: 4 }, (_, i) => ({
  key: i,
  event: 'battledrome',
  time: 'full day',
  venue: 'your location',
}));

/** The id of the schedule's <main>, which carries today's day number during the festival. */
const scheduleId = 'schedule';

/** Each festival day's sessions, in time order. */
function sessionsByDay(sessions: readonly TimetableSession[]): Map<number, TimetableSession[]> {
  const byDay = new Map<number, TimetableSession[]>();
  for (const session of byTime(sessions)) {
    const day = festivalDayOf(session.startsAt)?.number;
    if (day !== undefined) byDay.set(day, [...(byDay.get(day) ?? []), session]);
  }
  return byDay;
}

export default async function SchedulePage() {
  const sessions = await cachedTimetable();
  const published = sessions.length > 0;
  const byDay = sessionsByDay(sessions);
  return (
    <main
      id={scheduleId}
      className="group mx-auto max-w-4xl px-4 pb-24 pt-24"
      // The today script below sets data-today on this element before React hydrates it.
      suppressHydrationWarning
    >
      <h1 className="text-center font-display text-5xl tracking-widest text-gold">Schedule</h1>
      {published ? (
        <>
          <script dangerouslySetInnerHTML={{ __html: todayScript() }} />
          <style>{todayFirstCss()}</style>
          <NowAndNext sessions={toLiveSessions(sessions)} scheduleId={scheduleId} />
        </>
      ) : null}
      <div className="flex flex-col">
        {festivalDays.map((day) => (
          <DayTable
            key={day.number}
            day={day.number}
            label={day.label}
            rows={published ? (byDay.get(day.number) ?? []).map(sessionRow) : placeholderRows}
          />
        ))}
      </div>
      <p className="mt-10 text-center">
        <Link href="/results" className="text-gold underline">
          Results: the winners of every event
        </Link>
      </p>
      {published ? <JsonLd data={scheduleJsonLd(sessions, env().SITE_URL)} /> : null}
      {/* Openable in a hall without signal once seen (public/sw.js); registers when the browser is idle. */}
      <KeepOfflinePage scope="/schedule" />
    </main>
  );
}
