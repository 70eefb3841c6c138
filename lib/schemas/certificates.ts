import { z } from 'zod';
import { participationProofs } from './certificate-rules';

/*
 * The certificate console's payloads. The kinds, what anyone may see of a certificate and its paths need no
 * zod: they are in ./certificate-rules.ts.
 */

/** An event's id as the console sends it: a whole number the database's integer column can hold. */
const eventId = z.coerce
  .number('Choose an event.')
  .int('Choose an event.')
  .positive('Choose an event.')
  .max(2_147_483_647, 'Choose an event.');

/** The console's choice of what to issue: an event's participation or merit, the team, or the volunteers. */
export const certificateTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['participation', 'merit']), eventId }),
  z.object({ kind: z.enum(['team', 'volunteer']) }),
]);

export const certificateRevokeSchema = z.object({
  id: z.string().trim().min(1, 'Which certificate?'),
  reason: z.string().trim().min(3, 'Give a reason (it is shown on the public page).').max(300),
});

export const certificateReplaceSchema = z.object({ id: z.string().trim().min(1, 'Which certificate?') });

export const participationProofSchema = z.object({
  eventId,
  proof: z.enum(participationProofs),
});
