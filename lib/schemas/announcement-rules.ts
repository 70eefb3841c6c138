/*
 * The announcements' lists and limits (docs/announcements.md), which need no zod: the profile's reminder
 * choice and the offer after a payment import them without loading zod with the page. The payload schemas
 * that use them are in ./announcements.ts.
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

/** A reminder before each of a person's sessions travels by push (mail where no device is on), by mail, or not at all. */
export const reminderChannels = ['push', 'mail', 'off'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];

/** How far ahead of a session its reminder goes out. */
export const reminderLeadMinutes = 30;

export const titleMax = 80;
export const bodyMax = 600;

/** The delivery log's states, per person and channel. */
export const deliveryStates = ['queued', 'sent', 'delivered', 'failed', 'unreachable'] as const;
export type DeliveryState = (typeof deliveryStates)[number];
