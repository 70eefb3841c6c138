import { placingLabel, type PublishedPlacing } from '@/lib/schemas/results';

/** An event's published placings: the podium in order, then the special mentions. */
export function PlacingsList({ eventName, placings }: { eventName: string; placings: PublishedPlacing[] }) {
  if (placings.length === 0) return null;
  return (
    <ol aria-label={`Results: ${eventName}`} className="space-y-1 text-sm text-parchment/90">
      {placings.map((p) => (
        <li key={`${p.place ?? p.mention}-${p.name}`}>
          <span className="font-semibold text-gold">{placingLabel(p)}: </span>
          {p.name}
          <span className="text-parchment/70"> ({p.college})</span>
          {p.members.length > 1 || p.members[0] !== p.name ? (
            <span className="block pl-4 text-parchment/70">{p.members.join(', ')}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
