import type { Metadata } from 'next';
import { festival } from '@/lib/festival';

export const metadata: Metadata = {
  title: 'Schedule',
  description: `Day-by-day schedule of ${festival.name}, 20 to 23 February.`,
  alternates: { canonical: '/schedule' },
};

/** SPEC.md part 2: the schedule holds placeholder rows until the real timetable is published. */
const placeholderRows = Array.from({ length: 4 }, () => ({
  event: 'battledrome',
  time: 'full day',
  venue: 'your location',
}));
const days = ['Day 1', 'Day 2', 'Day 3', 'Day 4'];

export default function SchedulePage() {
  return (
    <main className="mx-auto max-w-4xl px-4 pb-24 pt-24">
      <h1 className="text-center font-display text-5xl tracking-widest text-gold">Schedule</h1>
      {days.map((day) => (
        <section key={day} className="mt-12">
          <h2 className="font-display text-3xl text-parchment">{day}</h2>
          <div className="mt-4 overflow-x-auto rounded-xl border border-gold/30">
            <table className="w-full min-w-[28rem] text-left">
              <caption className="sr-only">{day} schedule</caption>
              <thead className="bg-gold/15 font-display text-sm tracking-widest text-gold">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    EVENT
                  </th>
                  <th scope="col" className="px-4 py-3">
                    TIME
                  </th>
                  <th scope="col" className="px-4 py-3">
                    VENUE
                  </th>
                </tr>
              </thead>
              <tbody>
                {placeholderRows.map((row, i) => (
                  <tr key={i} className="border-t border-white/10">
                    <td className="px-4 py-3">{row.event}</td>
                    <td className="px-4 py-3">{row.time}</td>
                    <td className="px-4 py-3">{row.venue}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </main>
  );
}
