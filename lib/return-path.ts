/*
 * Where signing in leads back to. A guarded screen visited signed out (proxy.ts on the server, RoleGuard in
 * the browser) sends the visitor to /login and remembers the screen, query included, in a short-lived
 * cookie: a waiting list's offer link (/event/3/register?offer=…) then still names its offer after the
 * sign-in. /login's URL stays as it is. Only a path of this site is ever followed.
 */

export const returnCookieName = 'after_sign_in';

/** Ten minutes: long enough to sign in (or reset a password), short enough not to surprise later. */
export const returnCookieMaxAge = 600;

/**
 * The path to go back to, or null when `raw` is not a path of this site: it must start with one '/' (not
 * '//' or '/\', which browsers read as another host), hold no control characters and not lead back to
 * /login itself.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  if (/^\/login(?:[/?#]|$)/.test(raw)) return null;
  return raw;
}

/** Remembers `path` (with its query) from the browser, as proxy.ts does on the server. */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  document.cookie = `${returnCookieName}=${encodeURIComponent(safe)}; Path=/; Max-Age=${returnCookieMaxAge}; SameSite=Lax`;
}

/** The remembered path, read once: the cookie is cleared so a later sign-in goes home as usual. */
export function takeReturnPath(): string | null {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${returnCookieName}=`));
  if (!pair) return null;
  document.cookie = `${returnCookieName}=; Path=/; Max-Age=0; SameSite=Lax`;
  try {
    return safeReturnPath(decodeURIComponent(pair.slice(returnCookieName.length + 1)));
  } catch {
    return null;
  }
}
