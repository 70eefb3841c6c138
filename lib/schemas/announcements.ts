import { z } from 'zod';
import { maxId } from './admin-common';
import { isCalendarDate } from './calendar';
import { festivalDateTime } from './festival-time';
import { multiLine, singleLine } from './plain-text';

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

/** Where a tap on the announcement leads: a page of this site or an https address. */
const linkSchema = z
  .string('The link must be text.')
  .trim()
  .max(500, 'The link must be at most 500 characters.')
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value),
    'The link must be a page of this site (such as /schedule) or an https:// address.',
  );

/** POST /api/admin/announcements: write one and send it now (no sendAt) or at a set time. */
export const createAnnouncementSchema = z.object({
  title: z
    .string('Title is required.')
    .trim()
    .min(1, 'Title is required.')
    .max(titleMax, `Title must be at most ${titleMax} characters.`)
    .check(singleLine('Title')),
  body: z
    .string('Message is required.')
    .trim()
    .min(1, 'Message is required.')
    .max(bodyMax, `Message must be at most ${bodyMax} characters.`)
    .check(multiLine('Message')),
  link: z.preprocess((v) => (v === '' ? null : v), linkSchema.nullable().optional()),
  audience: audienceSchema,
  channels: z
    .array(
      z.enum(announcementChannels, 'Each channel must be push, mail or banner.'),
      'Choose at least one channel.',
    )
    .min(1, 'Choose at least one channel.')
    .transform((channels) => announcementChannels.filter((c) => channels.includes(c))),
  sendAt: z.preprocess((v) => (v === '' ? null : v), festivalDateTime('Send time').nullable().optional()),
  /** How long the banner stays up, in hours from the send time. */
  bannerHours: z.coerce
    .number('Banner hours must be a number.')
    .int('Banner hours must be a whole number.')
    .min(1, 'The banner stays up at least 1 hour.')
    .max(96, 'The banner stays up at most 96 hours.')
    .default(24),
});
export type CreateAnnouncement = z.infer<typeof createAnnouncementSchema>;

/** POST /api/admin/announcements/preview: who and how many, before sending. */
export const previewAnnouncementSchema = z.object({ audience: audienceSchema });

/** The delivery log's states, per person and channel. */
export const deliveryStates = ['queued', 'sent', 'delivered', 'failed', 'unreachable'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** GET /api/admin/announcements/[id]/deliveries */
export const deliveryLogQuerySchema = z.object({
  channel: z.enum(personalChannels, 'channel must be push or mail.').optional(),
  state: z.enum(deliveryStates, `state must be one of ${deliveryStates.join(', ')}.`).optional(),
  page: z.coerce.number('page must be a number.').int().min(1).max(10_000).default(1),
});

/** PATCH /api/my-notifications */
export const notificationSettingsSchema = z.object({
  reminderChannel: z.enum(reminderChannels, 'Reminders go by push, mail or off.'),
});

/** POST /api/push-subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string('endpoint is required.')
    .max(2000, 'endpoint is too long.')
    .refine((v) => /^https?:\/\/\S+$/.test(v), 'endpoint must be the push service address.'),
  keys: z.object(
    {
      p256dh: z
        .string('keys.p256dh is required.')
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'keys.p256dh must be the browser key.'),
      auth: z
        .string('keys.auth is required.')
        .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'keys.auth must be the browser secret.'),
    },
    'keys is required.',
  ),
});

/** DELETE /api/push-subscriptions */
export const removePushSubscriptionSchema = z.object({
  endpoint: z
    .string('endpoint is required.')
    .min(1, 'endpoint is required.')
    .max(2000, 'endpoint is too long.'),
});

/** POST /api/push-subscriptions/renew: the subscription the push service renewed, proved by the old one's endpoint. */
export const renewPushSubscriptionSchema = z.object({
  oldEndpoint: removePushSubscriptionSchema.shape.endpoint,
  subscription: pushSubscriptionSchema,
});
