import { z } from 'zod';
import { singleLine } from './plain-text';

/**
 * An event's results: which entries go through from each round, and the final placings. What the console
 * sends, and what the console and the public read. An entry is a registration: a team, or one person.
 */

/** The podium's places; anything else is a named special mention. */
export const podiumPlaces = [1, 2, 3] as const;
export type PodiumPlace = (typeof podiumPlaces)[number];

export const placeNames: Record<PodiumPlace, string> = {
  1: 'First place',
  2: 'Second place',
  3: 'Third place',
};

/** The most entries one round or one list of mentions may name (a big event's prelims). */
export const maxEntries = 1000;

const registrationId = z.uuid('Choose an entry from the list.');

export const roundOutcomeSchema = z.object({
  /** The entries that go through from this round; the list replaces the round's earlier one. */
  registrationIds: z
    .array(registrationId, 'Send the entries as a list.')
    .max(maxEntries, `Choose at most ${maxEntries} entries.`),
});
export type RoundOutcomeInput = z.infer<typeof roundOutcomeSchema>;

const mentionName = z
  .string('Name the special mention.')
  .trim()
  .min(1, 'Name the special mention.')
  .max(80, 'A special mention is at most 80 characters.')
  .check(singleLine('A special mention'));

export const placingsSchema = z.object({
  /** At most one entry per place; a place left out is not awarded. */
  places: z
    .array(
      z.object({
        place: z.union([z.literal(1), z.literal(2), z.literal(3)], {
          error: 'A place is 1st, 2nd or 3rd.',
        }),
        registrationId,
      }),
      'Send the places as a list.',
    )
    .max(3, 'There are three places: 1st, 2nd and 3rd.'),
  mentions: z
    .array(z.object({ mention: mentionName, registrationId }), 'Send the special mentions as a list.')
    .max(maxEntries, `Name at most ${maxEntries} special mentions.`),
});
export type PlacingsInput = z.infer<typeof placingsSchema>;

/** An entry as the console lists it. */
export interface ResultEntry {
  registrationId: string;
  /** The team's name, or the person's name for a solo entry. */
  name: string;
  college: string;
  members: string[];
}

export interface ResultRound {
  sessionId: number;
  /** The round's name, or "Round N" when the timetable gives none. */
  name: string;
  startsAt: string;
  endsAt: string;
  venueName: string;
  /** The entries going through from this round. */
  advancing: string[];
  /** How many of its advancing entries' members are still to be mailed (on the next publish). */
  unmailed: number;
}

/** One line of the results as published. */
export interface PublishedPlacing {
  place: PodiumPlace | null;
  mention: string | null;
  name: string;
  college: string;
  members: string[];
}

export interface ResultsDraft {
  event: { id: number; name: string };
  entries: ResultEntry[];
  rounds: ResultRound[];
  places: { place: PodiumPlace; registrationId: string }[];
  mentions: { mention: string; registrationId: string }[];
  published: { at: string; placings: PublishedPlacing[] } | null;
}

/** An event's published results, as /results and the event's page show them. */
export interface EventResults {
  eventId: number;
  eventName: string;
  publishedAt: string;
  placings: PublishedPlacing[];
}

export interface CategoryResults {
  categoryId: number;
  categoryName: string;
  events: EventResults[];
}

/** How a placing reads: "First place", or the mention's own name. */
export function placingLabel(placing: Pick<PublishedPlacing, 'place' | 'mention'>): string {
  return placing.place ? placeNames[placing.place] : `Special mention: ${placing.mention ?? ''}`;
}
