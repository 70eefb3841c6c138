import { z } from 'zod';
import { parseFestivalDateTime } from './festival-time';
import { emptyAsNone, id, longText, orderedIds, text, uploadedLink, wholeNumber } from './admin-common';
import { singleLine } from './plain-text';

/**
 * The organisers' console payloads for event categories and events: one schema per payload, used by the
 * console forms (react-hook-form) and by the /api/admin/event-category and /api/admin/event handlers.
 * Form inputs arrive as strings, so numbers are coerced and an empty optional field means "none".
 * Change (PATCH) schemas carry the same fields, all optional: an omitted field is left as it is.
 */

const link = (what: string) => uploadedLink(what, 'file');

/** An optional text: see emptyAsNone. */
const optionalText = (inner: z.ZodType<string>) =>
  emptyAsNone(z.string('Please enter text or leave this empty.'), inner);

const phone = (what: string) =>
  z
    .string(`${what} is required.`)
    .trim()
    .min(1, `${what} is required.`)
    .regex(/^\+?[0-9][0-9 -]{5,18}[0-9]$/, `${what} must be a phone number (digits, spaces, + and -).`)
    .check(singleLine(what));

const flag = (what: string) => z.boolean(`${what} must be true or false.`);

/**
 * When the event starts: see festivalDateTime. Answers an ISO string; '' or null means "not scheduled yet".
 */
const startsAt = z
  .union([z.literal(''), z.null(), z.string('Start time must be a date and time.').trim()])
  .optional()
  .transform((v, ctx): string | null | undefined => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const when = parseFestivalDateTime(v);
    if (!when) {
      ctx.addIssue({ code: 'custom', message: 'Start time must be a real date and time.' });
      return z.NEVER;
    }
    return when.toISOString();
  });

// ---------- ordering ----------

/** POST /api/admin/event-category/reorder: every category, in the new order. */
export const reorderCategoriesSchema = z.object({ ids: orderedIds });

/** POST /api/admin/event/reorder: every event of one category, in the new order. */
export const reorderEventsSchema = z.object({ categoryId: id('category'), ids: orderedIds });

// ---------- categories ----------

/** POST /api/admin/event-category. */
export const eventCategorySchema = z.object({
  name: text('Name', 80),
  imageUrl: link('Image'),
  isVisible: flag('Visibility').optional(),
});

/** PATCH /api/admin/event-category/{id}. */
export const eventCategoryChangeSchema = eventCategorySchema.partial();

export type EventCategoryInput = z.input<typeof eventCategorySchema>;
export type EventCategoryValues = z.output<typeof eventCategorySchema>;

// ---------- events ----------

/** One way of taking part. `id` names an existing option (kept and changed); without it, a new one. */
export const participationOptionSchema = z
  .object({
    id: id('option').optional(),
    participationName: text('Option name', 60),
    /** Whole rupees; 0 is free. */
    price: wholeNumber('Price', 0, 1_000_000),
    minRange: wholeNumber('Smallest team', 1, 50),
    maxRange: wholeNumber('Largest team', 1, 50),
    /**
     * Registrations (teams) the option takes; '' or null is unlimited. Omitted on a change, an existing
     * option keeps its limit (a new one is unlimited). May be set below the places already taken: nobody
     * is removed, the option is simply full (docs/console-events.md).
     */
    placeLimit: emptyAsNone(
      z.union([z.string(), z.number()], 'Place limit must be a whole number, or empty for no limit.'),
      wholeNumber('Place limit', 1, 100_000),
    ),
  })
  .refine((o) => o.maxRange >= o.minRange, {
    message: 'Largest team must be at least the smallest team.',
    path: ['maxRange'],
  });

const participations = z
  .array(participationOptionSchema, 'Send the ways of taking part as a list.')
  .max(20, 'An event can have at most 20 ways of taking part.')
  .refine((options) => {
    const ids = options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
    return new Set(ids).size === ids.length;
  }, 'Each option may appear once.');

const eventFields = z.object({
  categoryId: id('category'),
  name: text('Name', 120),
  description: longText('Description', 5000),
  imageUrl: link('Image'),
  isRegistrationOpen: flag('Registration open'),
  isVisible: flag('Visibility'),
  instituteFeeWaived: flag('Institute fee waiver'),
  venue: optionalText(text('Venue', 120)),
  startsAt,
  poc1Name: text('First contact’s name', 80),
  poc1PhoneNo: phone('First contact’s phone'),
  poc2Name: optionalText(text('Second contact’s name', 80)),
  poc2PhoneNo: optionalText(phone('Second contact’s phone')),
  ruleBookPdfUrl: optionalText(link('Rule book')),
  /** In the order they are shown; options left out of a change are removed. */
  participations,
});

type Contacts = { poc2Name?: string | null; poc2PhoneNo?: string | null };

/** A second contact is a name and a phone together, or neither. */
function pairSecondContact(values: Contacts, ctx: z.RefinementCtx) {
  if (values.poc2Name === undefined || values.poc2PhoneNo === undefined) return;
  if (values.poc2Name && !values.poc2PhoneNo) {
    ctx.addIssue({
      code: 'custom',
      path: ['poc2PhoneNo'],
      message: 'Give the second contact’s phone, or leave both empty.',
    });
  }
  if (!values.poc2Name && values.poc2PhoneNo) {
    ctx.addIssue({
      code: 'custom',
      path: ['poc2Name'],
      message: 'Give the second contact’s name, or leave both empty.',
    });
  }
}

/** POST /api/admin/event. Registration starts open and the event shown unless the form says otherwise. */
export const eventSchema = eventFields
  .extend({
    isRegistrationOpen: flag('Registration open').default(true),
    isVisible: flag('Visibility').default(true),
    instituteFeeWaived: flag('Institute fee waiver').default(false),
    participations: participations.default([]),
  })
  .superRefine(pairSecondContact);

/**
 * PATCH /api/admin/event/{id}: any of the fields. `participations`, when sent, is the whole new list:
 * options with an id are kept and changed, new ones added, the rest removed.
 */
export const eventChangeSchema = eventFields.partial().superRefine(pairSecondContact);

export type EventInput = z.input<typeof eventSchema>;
export type EventValues = z.output<typeof eventSchema>;
export type EventChange = z.output<typeof eventChangeSchema>;

// ---------- answers (what the console lists) ----------

export interface AdminEventCategory {
  id: number;
  name: string;
  imageUrl: string;
  isVisible: boolean;
  position: number;
  eventCount: number;
}

export interface AdminParticipationOption {
  id: number;
  participationName: string;
  price: number;
  minRange: number;
  maxRange: number;
  position: number;
  /** Registrations made with this option (cancelled ones too: they still point at it). */
  registrationCount: number;
  /** Null: unlimited. */
  placeLimit: number | null;
  /** Places taken now: confirmed registrations plus places held for payments in progress. */
  placesTaken: number;
}

export interface AdminEvent {
  id: number;
  categoryId: number;
  name: string;
  description: string;
  imageUrl: string;
  isRegistrationOpen: boolean;
  isVisible: boolean;
  instituteFeeWaived: boolean;
  venue: string | null;
  /** ISO date-time, or null when not scheduled yet. */
  startsAt: string | null;
  poc1Name: string;
  poc1PhoneNo: string;
  poc2Name: string | null;
  poc2PhoneNo: string | null;
  ruleBookPdfUrl: string | null;
  position: number;
  registrationCount: number;
  participations: AdminParticipationOption[];
}

export interface AdminCategoryWithEvents extends AdminEventCategory {
  events: AdminEvent[];
}

/** The console's `datetime-local` value (festival time) for an ISO date-time. */
export function toFestivalLocalInput(iso: string | null): string {
  if (!iso) return '';
  const shifted = new Date(new Date(iso).getTime() + (5 * 60 + 30) * 60_000);
  return shifted.toISOString().slice(0, 16);
}
