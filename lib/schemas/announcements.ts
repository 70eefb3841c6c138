import { z } from 'zod';
import { maxId } from './admin-common';
import { isCalendarDate } from './calendar';
import { festivalDateTime } from './festival-time';
import {
  announcementChannels,
  audienceKinds,
  bodyMax,
  deliveryStates,
  personalChannels,
  reminderChannels,
  titleMax,
} from './announcement-rules';
import { multiLine, singleLine } from './plain-text';

/*
 * Announcements (docs/announcements.md): the payload schemas of who an organiser's message is for, how it
 * travels, and the participant's own choices (reminders, the devices that receive pushes). One place for
 * each rule; the plain lists and limits, which need no zod, are in ./announcement-rules.ts for the screens.
 */

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
