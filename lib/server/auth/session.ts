import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { preparedOn } from '@/lib/server/db/prepared';
import { users } from '@/lib/server/db/schema';
import { verifyToken } from './jwt';
import { requestToken } from './request-token';

export interface AuthUser {
  id: string;
  email: string;
  role: string;
  firstName: string;
}

/**
 * The signed-in user behind a request's bearer token, or null. A token is current only while its user
 * exists, is verified and still has the token version it was issued with (a password reset bumps it).
 */
export async function authenticate(db: Db, request: Request): Promise<AuthUser | null> {
  const token = requestToken(request);
  if (!token) return null;
  return userForToken(db, token);
}

/** The account a token names, built once: every signed-in request asks it. */
const tokenUser = preparedOn((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      tokenVersion: users.tokenVersion,
      verified: users.verified,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('tokenUser'),
);

/** The signed-in person a token names, or null for a bad, expired or superseded token. */
export async function userForToken(db: Db, token: string): Promise<AuthUser | null> {
  const claims = await verifyToken(token);
  if (!claims) return null;
  const [row] = await tokenUser(db).execute({ userId: claims.userId });
  if (!row || !row.verified || row.tokenVersion !== claims.tv) return null;
  return { id: row.id, email: row.email, role: row.role, firstName: row.firstName };
}
