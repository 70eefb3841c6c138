import Link from 'next/link';
import type { ParticipationOption } from '@/lib/content-types';
import { isFull, placesNote } from '@/lib/places';

/**
 * An event card's word on places: "Full" or "N places left" for each limited option that is full or
 * nearly (nothing for the others). With one option the note stands alone; with several, each is named.
 * A full option links to the registration screen with it chosen, where a signed-in participant joins its
 * waiting list (docs/waiting-lists.md). The card is a cached page for everyone: nothing here is per person.
 */
export function EventPlaces({
  eventName,
  options,
  position,
  eventId,
}: {
  eventName: string;
  options: readonly ParticipationOption[];
  /** The category's 1-based position and the event: where "Join the waiting list" leads. */
  position: number;
  eventId: number;
}) {
  const noted = options.flatMap((option) => {
    const note = placesNote(option);
    return note ? [{ option, note }] : [];
  });
  if (noted.length === 0) return null;
  return (
    <ul aria-label={`Places: ${eventName}`} className="space-y-2 text-sm">
      {noted.map(({ option, note }) => {
        const full = isFull(option);
        const named = options.length > 1;
        return (
          <li key={option.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              {named ? <span className="text-parchment/85">{option.participation_name}: </span> : null}
              <span className={full ? 'font-semibold text-red-300' : 'font-semibold text-gold'}>{note}</span>
            </span>
            {full ? (
              <Link
                href={`/event/${position}/register?event=${eventId}&option=${option.id}`}
                prefetch={false}
                aria-label={`Join the waiting list for ${named ? `${option.participation_name}, ` : ''}${eventName}`}
                className="inline-flex min-h-11 items-center rounded-full border border-gold/60 px-4 font-display text-xs tracking-wider text-gold transition hover:bg-gold/10"
              >
                Join the waiting list
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
