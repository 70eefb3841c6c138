'use client';

import type { AdminSession, AdminVenue, VenueClash } from '@/lib/schemas/admin-timetable';
import { byTime, dayLabel, festivalDayOf, festivalDays, festivalOffset } from '@/lib/timetable';
import type { CategoryChoice } from './event-select';
import { SessionRow } from './session-row';
import { clashNotes } from './timetable-text';

/** The calendar day of a festival day, for its heading: "Sat, 20 Feb". */
const dayDate = (date: string) => dayLabel(`${date}T12:00:00${festivalOffset}`);

/** Every session under its festival day, Day 1 to Day 4, each day in time order. */
export function SessionDays({
  sessions,
  clashes,
  categories,
  venues,
  onMailed,
}: {
  sessions: readonly AdminSession[];
  clashes: readonly VenueClash[];
  categories: readonly CategoryChoice[];
  venues: readonly AdminVenue[];
  onMailed: (note: string) => void;
}) {
  const ordered = byTime(sessions);
  return (
    <div className="mt-6 flex flex-col gap-8">
      {festivalDays.map((day) => {
        const held = ordered.filter((s) => festivalDayOf(s.startsAt)?.number === day.number);
        return (
          <section key={day.number} aria-labelledby={`timetable-day-${day.number}`}>
            <h3 id={`timetable-day-${day.number}`} className="font-display text-xl text-gold">
              {day.label} <span className="text-base text-parchment/80">· {dayDate(day.date)}</span>
            </h3>
            {held.length === 0 ? (
              <p className="mt-2 text-sm text-parchment/80">No sessions on {day.label} yet.</p>
            ) : (
              <ol className="mt-3 flex flex-col gap-3">
                {held.map((session) => (
                  <SessionRow
                    key={session.id}
                    session={session}
                    clashes={clashNotes(session.id, clashes)}
                    categories={categories}
                    venues={venues}
                    onMailed={onMailed}
                  />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}
