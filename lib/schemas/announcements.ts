import { z } from 'zod';
import { maxId } from './admin-common';
import { isCalendarDate } from './calendar';

/*
 * Announcements (docs/announcements.md): who an organiser's message is for, how it travels, and the
 * participant's own choices (reminders, the devices that receive pushes). One place for each rule.
 */

/** How an announcement travels: a push to each of the person's devices, a mail, a banner on public pages. */
export const announcementChannels = ['push', 'mail', 'banner'] as const;
export type AnnouncementChannel = (typeof announcementChannels)[number];
/** The channels that reach a person (the banner reaches whoever opens a page). */
export const personalChannels = ['push', 'mail'] as const;
export type PersonalChannel = (typeof personalChannels)[number];

/** Whom an announcement is for. */
export const audienceKinds = [
  'everyone',
  'events',
  'venue_day',
  'stay_holders',
  'tshirt_buyers',
  'volunteers',
] as const;
export type AudienceKind = (typeof audienceKinds)[number];

export const audienceLabels: Record<AudienceKind, string> = {
  everyone: 'Everyone with an account',
  events: 'Registrants of chosen events',
  venue_day: 'People with a session at a venue on a day',
  stay_holders: 'Stay holders',
  tshirt_buyers: 'T-shirt buyers',
  volunteers: 'Volunteers',
};

const id = (what: string) => z.coerce.number(`${what} must be a number.`).int().positive().max(maxId);

export const audienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }),
    z.object({
      kind: z.literal('events'),
      eventIds: z
        .array(id('Each event'), 'Choose at least one event.')
        .min(1, 'Choose at least one event.')
        .max(200, 'Choose at most 200 events.')
        .transform((ids) => [...new Set(ids)]),
    }),
    z.object({
      kind: z.literal('venue_day'),
      venueId: id('The venue'),
      day: z
        .string('Choose a day.')
        .refine((day) => isCalendarDate(day, 2000, 2100), 'The day must be a date such as 2027-02-20.'),
    }),
    z.object({ kind: z.literal('stay_holders') }),
    z.object({ kind: z.literal('tshirt_buyers') }),
    z.object({ kind: z.literal('volunteers') }),
  ],
  { error: `The audience must be one of ${audienceKinds.join(', ')}.` },
);
export type Audience = z.infer<typeof audienceSchema>;

/** A reminder before each of a person's sessions travels by push (mail where no device is on), by mail, or not at all. */
export const reminderChannels = ['push', 'mail', 'off'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];

/** How far ahead of a session its reminder goes out. */
export const reminderLeadMinutes = 30;

export const titleMax = 80;
export const bodyMax = 600;
