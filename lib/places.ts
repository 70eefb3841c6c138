import type { ParticipationOption } from './content-types';

/*
 * How the public pages speak of an option's places (docs/api.md, places_left): nothing while plenty are
 * left or the option is unlimited, "N places left" when few are, "Full" when none is.
 */

/** "Few": at most this many places left. A fixed count, not a share: 5 of 200 is as urgent as 5 of 10. */
export const fewPlacesLeft = 10;

export function isFull(option: Pick<ParticipationOption, 'places_left'>): boolean {
  return option.places_left !== null && option.places_left <= 0;
}

/** "Full", "1 place left", "7 places left", or null when there is nothing worth saying. */
export function placesNote(option: Pick<ParticipationOption, 'places_left'>): string | null {
  const left = option.places_left;
  if (left === null || left > fewPlacesLeft) return null;
  if (left <= 0) return 'Full';
  return `${left} ${left === 1 ? 'place' : 'places'} left`;
}
