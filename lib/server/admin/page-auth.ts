import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { organiserRoles, type Role } from '@/lib/roles';
import { authCookieName } from '@/lib/server/auth/jwt';
import { userForToken, type AuthUser } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db';

/**
 * The server-side check of every /admin page that reads data: proxy.ts has already redirected on the
 * token's claims, but the role is read afresh from the database here (a role taken away counts at once).
 */
export async function requireConsoleUser(allowed: readonly Role[] = organiserRoles): Promise<AuthUser> {
  const token = (await cookies()).get(authCookieName)?.value;
  const user = token ? await userForToken(await getDb(), token) : null;
  if (!user) redirect('/login');
  if (!(allowed as readonly string[]).includes(user.role)) redirect('/unauthorized');
  return user;
}
