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
