import { sessionTitle, timeRange, type TimetableSession } from '@/lib/timetable';

/** One row of a day's schedule (a table row, or a phone's stacked item): its texts, whatever fills them. */
export interface ScheduleRow {
  key: string | number;
  event: string;
  time: string;
  venue: string;
  venueMapUrl?: string | null;
}

export function sessionRow(session: TimetableSession): ScheduleRow {
  return {
    key: session.id,
    event: sessionTitle(session),
    time: timeRange(session.startsAt, session.endsAt),
    venue: session.venueName,
    venueMapUrl: session.venueMapUrl,
  };
}

export const noSessionsNote = 'No events scheduled yet';

/** A venue's name, linked to its map (in a new tab) when it has one. */
export function VenueName({ row }: { row: ScheduleRow }) {
  if (!row.venueMapUrl) return <>{row.venue}</>;
  return (
    <a
      href={row.venueMapUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="text-gold underline underline-offset-4 hover:text-parchment"
    >
      {row.venue}
      <span className="sr-only"> (map, opens in a new tab)</span>
    </a>
  );
}
