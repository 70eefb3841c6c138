import { z } from 'zod';
import { emailList } from './event-registration';

/*
 * A team's leader changes its members from the profile (docs/own-changes.md): POST /api/my-plans/team.
 * A replacement is one removal and one addition in the same request, done together.
 */

const notYours = 'This is not one of your plans.';

export const teamChangeSchema = z
  .object({
    registrationId: z.uuid(notYours),
    add: emailList.max(20, 'Add at most 20 teammates at a time.').optional(),
    remove: z
      .array(z.uuid('Choose a teammate of this team to remove.'), 'Choose teammates to remove.')
      .max(20, 'Remove at most 20 teammates at a time.')
      .optional(),
  })
  .refine((v) => (v.add?.length ?? 0) + (v.remove?.length ?? 0) > 0, {
    message: 'Add or remove at least one teammate.',
    path: ['add'],
  });
export type TeamChangeInput = z.infer<typeof teamChangeSchema>;

export interface TeamChangeOutcome {
  registrationId: string;
  /** False when the request changed nothing (a double tap, or everyone already where asked). */
  changed: boolean;
  added: { userId: string; name: string }[];
  removed: { userId: string; name: string }[];
  /** What the answer says, e.g. "Robo Race: +Asha Patel, −Ravi Shah" or "… is already in your team." */
  summary: string;
}
