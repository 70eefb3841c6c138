import type { VenueClash } from '@/lib/schemas/admin-timetable';
import { clashLine, plural } from './timetable-text';

/** The clashes at the top of the page: how many, and each pair. Nothing at all when there are none. */
export function ClashSummary({ clashes }: { clashes: readonly VenueClash[] }) {
  if (clashes.length === 0) return null;
  return (
    <section
      aria-labelledby="timetable-clashes"
      className="mt-6 rounded-xl border border-amber-300/60 bg-amber-950/50 p-3 text-amber-100 sm:p-4"
    >
      <h2 id="timetable-clashes" className="font-display text-xl">
        <span aria-hidden="true">⚠ </span>
        {plural(clashes.length, 'clash', 'clashes')}
      </h2>
      <p className="mt-1 text-sm">Sessions overlapping in the same venue: move one of each pair.</p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {clashes.map((clash) => (
          <li key={`${clash.first.id}-${clash.second.id}`}>{clashLine(clash)}</li>
        ))}
      </ul>
    </section>
  );
}
