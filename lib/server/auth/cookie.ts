import 'server-only';
import { env } from '@/lib/server/env';
import { authCookieName, tokenLifetimeSeconds } from './jwt';

/**
 * The httpOnly copy of the token that only proxy.ts reads, to guard pages before they render.
 * Secure whenever the site is served over https.
 */
function attributes(maxAge: number): string {
  const secure = env().SITE_URL.startsWith('https://') ? '; Secure' : '';
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function authCookie(token: string): string {
  return `${authCookieName}=${token}; ${attributes(tokenLifetimeSeconds)}`;
}

export function clearedAuthCookie(): string {
  return `${authCookieName}=; ${attributes(0)}`;
}
