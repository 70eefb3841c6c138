import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '@/lib/server/db';
import { registrationMembers } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';

/*
 * Who may change a participant's plans: only the person who holds the thing. Anyone else hears that it is
 * not theirs, as for something that does not exist (a 404 tells a stranger nothing); only a member of a
 * team's registration, who can see it in their own plans, is told that its leader decides (403).
 */

export const notYours = 'This is not one of your plans.';

/** Refuses `userId` unless they lead the registration; `forLeaderOnly` is what a member of it is told. */
export async function refuseUnlessLeader(
  tx: Tx,
  registration: { id: string; leaderUserId: string },
  userId: string,
  forLeaderOnly: string,
): Promise<void> {
  if (registration.leaderUserId === userId) return;
  const [member] = await tx
    .select({ id: registrationMembers.id })
    .from(registrationMembers)
    .where(
      and(
        eq(registrationMembers.registrationId, registration.id),
        eq(registrationMembers.userId, userId),
        isNull(registrationMembers.cancelledAt),
      ),
    );
  throw member ? new AppError('forbidden', forLeaderOnly) : new AppError('not_found', notYours);
}
