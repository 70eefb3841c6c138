import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';

/** A person as the volunteer's screen names them. */
export function fullName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/** The name of whoever recorded or undid a scan; null when the account is gone. */
export async function nameOfUser(db: Db | Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? fullName(row) : null;
}
