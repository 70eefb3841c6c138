import 'server-only';
import { authCookieName } from './jwt';

function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

function cookieToken(request: Request): string | null {
  const cookie = request.headers.get('cookie') ?? '';
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${authCookieName}=([^;]+)`));
  return match?.[1] ?? null;
}

/**
 * The token an API request is signed with. The guard cookie also counts for reads (a file opened from a
 * link); never for writes, so no other site can make a signed-in browser change anything.
 */
export function requestToken(request: Request): string | null {
  return bearerToken(request) ?? (request.method === 'GET' ? cookieToken(request) : null);
}

/**
 * The token a logout ends: the bearer token, else the guard cookie whatever the method. Ending a session
 * is the one write the cookie may ask for, as the browser may have dropped its stored token already.
 */
export function sessionToken(request: Request): string | null {
  return bearerToken(request) ?? cookieToken(request);
}
