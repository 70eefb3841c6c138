import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';

/** Whom to mail about a user's purchase: address and full name, or null when the account is gone. */
export async function mailRecipient(
  db: Db,
  userId: string,
): Promise<{ email: string; fullName: string } | null> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { email: row.email, fullName: `${row.firstName} ${row.lastName}` } : null;
}

/** An account as the checks on people (registration, transfers) read it: who, and whether verified. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  verified: users.verified,
};
