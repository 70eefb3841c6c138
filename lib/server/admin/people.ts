import 'server-only';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Role } from '@/lib/roles';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import type { Db } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { containing } from './lists';

export interface PersonRow {
  id: string;
  email: string;
  name: string;
  college: string;
  role: Role;
  verified: boolean;
}

const personColumns = {
  id: users.id,
  email: users.email,
  name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  college: users.college,
  role: users.role,
  verified: users.verified,
};

/** People matching a search (e-mail or name), organisers and admins first; at most `limit`. */
export async function searchPeople(db: Db, query: { q?: string; limit?: number }): Promise<PersonRow[]> {
  const q = query.q?.trim();
  const pattern = q ? containing(q) : undefined;
  return db
    .select(personColumns)
    .from(users)
    .where(
      pattern
        ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
        : undefined,
    )
    .orderBy(
      sql`case ${users.role} when 'admin' then 0 when 'organiser' then 1 when 'volunteer' then 2 else 3 end`,
      asc(users.email),
    )
    .limit(Math.min(query.limit ?? 50, 200));
}

/**
 * Gives a person a role. The last admin cannot be demoted (someone must be able to manage organisers).
 * `actor` is the admin making the change, or the command line. Roles are read afresh on every API call
 * and console page, so the change counts at once.
 */
export async function setRole(
  db: Db,
  actor: Actor,
  target: { id: string } | { email: string },
  role: Role,
): Promise<PersonRow> {
  return db.transaction(async (tx) => {
    // The admins' rows are locked first, in id order, on every change: two admins demoting each other at
    // once then take turns (the second sees the first change) instead of leaving nobody in charge.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update');
    const where =
      'id' in target ? eq(users.id, target.id) : eq(users.email, target.email.trim().toLowerCase());
    const [before] = await tx.select(personColumns).from(users).where(where).for('update').limit(1);
    if (!before) {
      throw new AppError(
        'not_found',
        'id' in target ? 'No account has that id.' : 'No account has that e-mail address.',
      );
    }
    if (before.role === role) return before;
    if (before.role === 'admin' && admins.length <= 1) {
      throw new AppError('conflict', 'This is the only admin. Make someone else an admin first.');
    }
    const [after] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning(personColumns);
    await recordAudit(tx, actor, {
      action: 'role',
      entity: 'user',
      entityId: before.id,
      before: { email: before.email, role: before.role },
      after: { email: before.email, role },
    });
    return after!;
  });
}
