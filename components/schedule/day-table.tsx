import { sessionTitle, timeRange, type TimetableSession } from '@/lib/timetable';

/** One row of a day's table: what the cell texts are, whatever fills them. */
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

const cell = 'px-4 py-3';

/**
 * A festival day's EVENT / TIME / VENUE table. `data-day` lets the today script's CSS draw today's day
 * first during the festival. A venue with a map link links to it, in a new tab.
 */
export function DayTable({ day, label, rows }: { day: number; label: string; rows: ScheduleRow[] }) {
  return (
    <section data-day={day} className="mt-12">
      <h2 className="font-display text-3xl text-parchment">{label}</h2>
      <div className="mt-4 overflow-x-auto rounded-xl border border-gold/30">
        <table className="w-full min-w-[28rem] text-left">
          <caption className="sr-only">{label} schedule</caption>
          <thead className="bg-gold/15 font-display text-sm tracking-widest text-gold">
            <tr>
              <th scope="col" className={cell}>
                EVENT
              </th>
              <th scope="col" className={cell}>
                TIME
              </th>
              <th scope="col" className={cell}>
                VENUE
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="border-t border-white/10">
                <td colSpan={3} className={`${cell} text-parchment/80`}>
                  {noSessionsNote}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.key} className="border-t border-white/10">
                  <td className={cell}>{row.event}</td>
                  <td className={`${cell} whitespace-nowrap`}>{row.time}</td>
                  <td className={cell}>
                    {row.venueMapUrl ? (
                      <a
                        href={row.venueMapUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-gold underline underline-offset-4 hover:text-parchment"
                      >
                        {row.venue}
                        <span className="sr-only"> (map, opens in a new tab)</span>
                      </a>
                    ) : (
                      row.venue
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
