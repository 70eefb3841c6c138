import { z } from 'zod';
import { maxId } from './admin-common';
import { emailList, teamNameSchema } from './event-registration';

/* The waiting lists' API bodies and queries (docs/waiting-lists.md). */

export const waitingKindSchema = z.enum(
  ['participation_option', 'merchandise_variant', 'accommodation_option'],
  {
    error: 'kind must be participation_option, merchandise_variant or accommodation_option.',
  },
);

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
  itemId: z.coerce.number('itemId must be a number.').int().positive().max(maxId),
});

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
