import { noSessionsNote, VenueName, type ScheduleRow } from './schedule-row';

/**
 * A festival day's rows stacked for a phone: the time, the event, then the venue on its own line, so all
 * three are read without scrolling sideways. The same rows and words as the day's table; each part is
 * named for a screen reader, as the table's column headers would.
 */
export function DayList({
  label,
  rows,
  className,
}: {
  label: string;
  rows: ScheduleRow[];
  className: string;
}) {
  if (rows.length === 0) {
    return (
      <p className={`${className} rounded-xl border border-gold/30 px-4 py-3 text-parchment/80`}>
        {noSessionsNote}
      </p>
    );
  }
  return (
    <ol
      aria-label={`${label} schedule`}
      className={`${className} divide-y divide-white/10 rounded-xl border border-gold/30`}
    >
      {rows.map((row) => (
        <li key={row.key} className="flex flex-col gap-0.5 px-4 py-3">
          <span className="font-semibold tabular-nums text-gold">
            <span className="sr-only">Time: </span>
            {row.time}
          </span>
          <span className="break-words text-lg text-parchment">
            <span className="sr-only">Event: </span>
            {row.event}
          </span>
          <span className="break-words text-parchment/85">
            <span className="sr-only">Venue: </span>
            <VenueName row={row} />
          </span>
        </li>
      ))}
    </ol>
  );
}
