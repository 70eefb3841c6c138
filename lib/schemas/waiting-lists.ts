import { z } from 'zod';
import { maxId } from './admin-common';
import { inventoryKinds } from './inventory';
import { emailList, teamNameSchema } from './event-registration';

/* The waiting lists' API bodies and queries (docs/waiting-lists.md). */

const kindMessage = `kind must be ${inventoryKinds.slice(0, -1).join(', ')} or ${inventoryKinds.at(-1)}.`;
const itemIdMessage = 'itemId must be a number.';

export const waitingKindSchema = z.enum(inventoryKinds, { error: kindMessage });

export type WaitingKind = z.infer<typeof waitingKindSchema>;

/** POST /api/waiting-lists: join a full item's list (a team option: the team as for registering). */
export const joinWaitingListSchema = z.object({
  kind: waitingKindSchema,
  itemId: z.coerce.number('itemId must be a number.').int().positive().max(maxId),
  emails: emailList.optional(),
  teamName: teamNameSchema.optional().nullable(),
});

/** GET /api/admin/waiting-lists and its CSV: one item's list. */
export const waitingListQuerySchema = z.object({
  kind: waitingKindSchema,
  itemId: z.coerce.number(itemIdMessage).int().positive().max(maxId),
});

/**
 * GET /api/admin/waiting-lists: with no query, every item someone waits for (the console's overview);
 * with `kind` and `itemId`, that one item's list. One of the two alone is refused as the list's query is.
 */
export const waitingListsQuerySchema = waitingListQuerySchema.partial().superRefine((query, ctx) => {
  if (query.kind === undefined && query.itemId !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['kind'], message: kindMessage });
  }
  if (query.itemId === undefined && query.kind !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['itemId'], message: itemIdMessage });
  }
});

/** One item with a live waiting list (or the item of one list), as the console shows it. */
export interface WaitingListItem {
  kind: WaitingKind;
  itemId: number;
  /** "Solo for Robo Wars", "Fest Tee, size M", "Hall A from 2027-02-21" (as the list and mails say). */
  label: string;
  /** People waiting (not yet offered) and standing offers. */
  waiting: number;
  offered: number;
  /** The option's place limit, the size's stock or the stay's capacity; null for an unlimited option. */
  limit: number | null;
  /** Registrations confirmed, units sold or places booked. */
  taken: number;
  /** Units held right now: checkouts in progress and standing offers. */
  held: number;
  /** False for a size switched off, a product or stay hidden, or an event closed to registration. */
  onSale: boolean;
  /** A participation option's event (its limit is changed through the event), else null. */
  eventId: number | null;
}

/** People waiting and standing offers per item id of one kind (the content consoles' links). */
export type LiveEntryCounts = Record<number, { waiting: number; offered: number }>;

/** GET /api/admin/waiting-lists?kind=&itemId=: one item's list and the item's figures. */
export interface AdminWaitingList {
  label: string;
  entries: ListedEntry[];
  item: WaitingListItem;
}

/** PUT /api/admin/waiting-lists/settings: how long an offer holds its unit. */
export const offerHoursSchema = z.object({
  offerHours: z
    .number('offerHours must be a number of hours.')
    .int('offerHours must be whole hours.')
    .min(1, 'An offer must stand for at least 1 hour.')
    .max(168, 'An offer may stand for at most 168 hours (a week).'),
});

/** GET /api/waiting-lists: one of the caller's live entries. */
export interface MyWaitingEntry {
  id: string;
  kind: WaitingKind;
  itemId: number;
  label: string;
  status: 'waiting' | 'offered';
  /** 1 = next in line; null while an offer stands. */
  position: number | null;
  teamName: string | null;
  emails: string[];
  joinedAt: string;
  offerExpiresAt: string | null;
  /** The offer's link (to paying or registering), while it stands. */
  offerUrl: string | null;
}

/** GET /api/admin/waiting-lists: one entry of an item's list, for the organisers. */
export interface ListedEntry {
  id: string;
  position: number | null;
  status: 'waiting' | 'offered' | 'accepted' | 'left' | 'lapsed';
  email: string;
  name: string;
  teamName: string | null;
  emails: string[];
  joinedAt: string;
  offerExpiresAt: string | null;
}
