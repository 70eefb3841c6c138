import type { ParticipationOption } from '@/lib/content-types';
import { isFull, placesNote } from '@/lib/places';

/**
 * An event card's word on places: "Full" or "N places left" for each limited option that is full or
 * nearly (nothing for the others). With one option the note stands alone; with several, each is named.
 */
export function EventPlaces({
  eventName,
  options,
}: {
  eventName: string;
  options: readonly ParticipationOption[];
}) {
  const noted = options.flatMap((option) => {
    const note = placesNote(option);
    return note ? [{ option, note }] : [];
  });
  if (noted.length === 0) return null;
  return (
    <ul aria-label={`Places: ${eventName}`} className="space-y-1 text-sm">
      {noted.map(({ option, note }) => (
        <li key={option.id}>
          {options.length > 1 ? (
            <span className="text-parchment/85">{option.participation_name}: </span>
          ) : null}
          <span className={isFull(option) ? 'font-semibold text-red-300' : 'font-semibold text-gold'}>
            {note}
          </span>
        </li>
      ))}
    </ul>
  );
}
