import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import type { SignedInUser } from '@/components/auth/auth-state';
import { normaliseRole } from '@/lib/roles';
import { authCookieName, verifyToken } from './jwt';

/**
 * Who asked for this page: the guard cookie's user, from its signed claims (the check proxy.ts made before
 * the page rendered, with no database read), or null. Reading it makes the page render per request.
 * Checked once per request, however many parts of the page ask (React's per-request cache).
 */
export const requestViewer = cache(async (): Promise<SignedInUser | null> => {
  const token = (await cookies()).get(authCookieName)?.value;
  const claims = token ? await verifyToken(token) : null;
  const role = normaliseRole(claims?.role);
  if (!claims || role === null) return null;
  return { email: claims.email, role, userId: claims.userId };
});
