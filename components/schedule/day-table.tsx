import { DayList } from './day-list';
import { noSessionsNote, VenueName, type ScheduleRow } from './schedule-row';

const cell = 'px-4 py-3';

/**
 * A festival day: the EVENT / TIME / VENUE table on screens from 640 px (SPEC.md's breakpoint), and on a
 * phone the same rows stacked (DayList), since three columns do not fit 360 px without scrolling sideways
 * and hiding the venue. Only one of the two is displayed at a time (the other is display: none), so a
 * screen reader meets each row once. `data-day` lets the today script's CSS draw today's day first during
 * the festival.
 */
export function DayTable({ day, label, rows }: { day: number; label: string; rows: ScheduleRow[] }) {
  return (
    <section data-day={day} className="render-when-near mt-12">
      <h2 className="font-display text-3xl text-parchment">{label}</h2>
      <div className="mt-4 hidden overflow-x-auto rounded-xl border border-gold/30 sm:block">
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
                    <VenueName row={row} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <DayList label={label} rows={rows} className="mt-4 sm:hidden" />
    </section>
  );
}
