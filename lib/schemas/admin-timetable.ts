import { z } from 'zod';
import { festival } from '@/lib/festival';
import { festivalEnd, festivalStart, withinFestival, type TimetableSession } from '@/lib/timetable';
import { emptyAsNone, id, text } from './admin-common';
import { festivalDateTime } from './festival-time';
import { singleLine } from './plain-text';

/**
 * The organisers' console payloads for venues and event sessions (the timetable), used by the console's
 * forms and by /api/admin/venue and /api/admin/session. Change (PATCH) schemas take any of the fields.
 */

/** A map link: an http(s) address (a maps service, the campus map). */
const mapLink = z
  .string()
  .trim()
  .max(500, 'Map link must be at most 500 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Map link must be an https:// address.')
  .check(singleLine('Map link'));

const venueFields = z.object({
  name: text('Venue name', 80),
  mapUrl: emptyAsNone(z.string('Map link must be an https:// address.'), mapLink),
});

/** POST /api/admin/venue. */
export const venueSchema = venueFields;
/** PATCH /api/admin/venue/{id}. */
export const venueChangeSchema = venueFields.partial();

export type VenueInput = z.input<typeof venueSchema>;
export type VenueValues = z.output<typeof venueSchema>;
export type VenueChange = z.output<typeof venueChangeSchema>;

export const sessionEndsBeforeStart = 'The session must end after it starts.';
export const sessionOutsideFestival = `Sessions must fall within the festival days, ${festival.startDate.slice(8)} to ${festival.endDate.slice(8)} February.`;

/**
 * What is wrong with a session's times, if anything: the one rule for the form, the API and a change that
 * moves only one end. Keyed by the field to show it on.
 */
export function sessionTimeProblem(
  startsAt: string,
  endsAt: string,
): { field: 'startsAt' | 'endsAt'; message: string } | null {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (end <= start) return { field: 'endsAt', message: sessionEndsBeforeStart };
  if (!withinFestival(start, end)) {
    return {
      field: start < festivalStart || start >= festivalEnd ? 'startsAt' : 'endsAt',
      message: sessionOutsideFestival,
    };
  }
  return null;
}

const sessionFields = z.object({
  eventId: id('event'),
  venueId: id('venue'),
  roundName: emptyAsNone(z.string('Round must be text.'), text('Round', 60)),
  startsAt: festivalDateTime('Start time'),
  endsAt: festivalDateTime('End time'),
});

/** POST /api/admin/session. */
export const sessionSchema = sessionFields.superRefine((values, ctx) => {
  const problem = sessionTimeProblem(values.startsAt, values.endsAt);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});

/** PATCH /api/admin/session/{id}: any of the fields but the event; the times are checked with the stored ones. */
export const sessionChangeSchema = sessionFields.omit({ eventId: true }).partial();

export type SessionInput = z.input<typeof sessionSchema>;
export type SessionValues = z.output<typeof sessionSchema>;
export type SessionChange = z.output<typeof sessionChangeSchema>;

// ---------- answers ----------

export interface AdminVenue {
  id: number;
  name: string;
  mapUrl: string | null;
  position: number;
  /** Sessions held there; a venue in use cannot be deleted. */
  sessionCount: number;
}

/** A session as the console lists it: the timetable's shape plus whether its event is shown. */
export interface AdminSession extends TimetableSession {
  eventVisible: boolean;
  /** Live registrations of its event: who a change of time or venue is mailed to. */
  registrationCount: number;
}

/** Two sessions overlapping in one venue. */
export interface VenueClash {
  venueName: string;
  first: { id: number; title: string; startsAt: string; endsAt: string };
  second: { id: number; title: string; startsAt: string; endsAt: string };
}

export interface AdminTimetable {
  venues: AdminVenue[];
  sessions: AdminSession[];
  clashes: VenueClash[];
}
