import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ScanPerson, ScanStatus } from '@/lib/schemas/attendance';
import type { Db, Tx } from '@/lib/server/db';
import { festivalPasses, registrationMembers, registrations, users } from '@/lib/server/db/schema';
import { verifiedPassId } from '@/lib/server/passes/passes';
import { fullName } from './people';

/*
 * Who a scanned pass belongs to, and whether they may be marked present at a session of an event. The
 * code's signature is checked before the database is asked anything; then the pass must exist and not be
 * revoked, and its holder must be a live member of a confirmed registration of that event. Teams count
 * member by member: each member's own pass marks that member alone.
 */

export type Eligibility =
  | { ok: true; person: ScanPerson; userId: string; registrationId: string }
  | { ok: false; status: Exclude<ScanStatus, 'present' | 'already_present'>; person: ScanPerson | null };

export async function eligibility(db: Db | Tx, code: string, eventId: number): Promise<Eligibility> {
  const passId = verifiedPassId(code);
  if (!passId) return { ok: false, status: 'invalid', person: null };
  const [pass] = await db
    .select({
      userId: festivalPasses.userId,
      revokedAt: festivalPasses.revokedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      college: users.college,
    })
    .from(festivalPasses)
    .innerJoin(users, eq(users.id, festivalPasses.userId))
    // Correctly signed but gone: the account (and its pass) was deleted.
    .where(eq(festivalPasses.id, passId));
  if (!pass) return { ok: false, status: 'invalid', person: null };
  const person: ScanPerson = { name: fullName(pass), college: pass.college, passId };
  if (pass.revokedAt) return { ok: false, status: 'revoked', person };

  // Their registrations for this event, a live one first: someone who cancelled and registered again is
  // a member, not a cancellation.
  const memberships = await db
    .select({
      registrationId: registrations.id,
      status: registrations.status,
      memberCancelledAt: registrationMembers.cancelledAt,
    })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .where(and(eq(registrationMembers.eventId, eventId), eq(registrationMembers.userId, pass.userId)))
    .orderBy(desc(isNull(registrationMembers.cancelledAt)), desc(registrations.createdAt));
  const live = memberships.find((m) => m.memberCancelledAt === null && m.status === 'confirmed');
  if (live) return { ok: true, person, userId: pass.userId, registrationId: live.registrationId };
  return { ok: false, status: memberships.length > 0 ? 'cancelled' : 'not_registered', person };
}
