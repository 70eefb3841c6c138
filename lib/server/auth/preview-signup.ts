import 'server-only';
import crypto from 'node:crypto';
import { env } from '@/lib/server/env';
import { derivedSecret } from '@/lib/server/secrets';

/*
 * A preview deployment mails nobody, so its verification screen shows the participant their code. Only
 * the browser that made the sign-up may see it: the sign-up answer sets this HttpOnly cookie, and the
 * screen asks GET /api/preview-code, which reads the code from it. No answer carries a code otherwise.
 *
 * The cookie is sealed with AES-256-GCM under a key derived from the app secret, so only the server can
 * read or make one. It holds the code issued to this browser and the sign-up it belongs to (the account's
 * id and creation time; a sign-up replaced after a day has a new creation time, so an old cookie stops
 * matching it). A sign-up that issued no code (the address was pending or verified already) gets a cookie
 * of the same length that holds nothing, so the answer does not tell the cases apart.
 */

export const previewSignUpCookieName = 'preview_signup';

/** As long as a pending sign-up is kept (accounts.ts, pendingKeptHours): a browser may resend that long. */
const lifetimeSeconds = 24 * 3600;

export interface PreviewSignUp {
  /** The sign-up this browser made. */
  account: { id: string; createdAt: Date };
  /** The latest code issued to it for this browser. */
  code: string;
}

const nilAccount = '00000000-0000-0000-0000-000000000000';
const noCode = '------';
const timeDigits = 15;
const ivBytes = 12;
const tagBytes = 16;
/** Code, account id and creation time: the same length whether or not the cookie holds a sign-up. */
const plainLength = noCode.length + 1 + nilAccount.length + 1 + timeDigits;

function key(): Buffer {
  return Buffer.from(derivedSecret('preview-signup-cookie'), 'hex');
}

/** The cookie's value: a sign-up and its code, or (null) nothing, sealed alike. */
export function sealPreviewSignUp(signUp: PreviewSignUp | null): string {
  const plain = [
    signUp?.code ?? noCode,
    signUp?.account.id ?? nilAccount,
    String(signUp?.account.createdAt.getTime() ?? 0).padStart(timeDigits, '0'),
  ].join('|');
  const iv = crypto.randomBytes(ivBytes);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The sign-up a cookie value holds; null for an empty, forged, altered or malformed one. */
export function openPreviewSignUp(value: string | null | undefined): PreviewSignUp | null {
  if (!value || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== ivBytes + plainLength + tagBytes) return null;
  let plain: string;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, ivBytes));
    decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
    plain = Buffer.concat([
      decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
  const [code, id, time] = plain.split('|');
  if (!code || !/^\d{6}$/.test(code) || !id || id === nilAccount || !time) return null;
  return { account: { id, createdAt: new Date(Number(time)) }, code };
}

/** The Set-Cookie value for a sealed sign-up; Secure whenever the site is served over https. */
export function previewSignUpCookie(sealed: string): string {
  const secure = env().SITE_URL.startsWith('https://') ? '; Secure' : '';
  return `${previewSignUpCookieName}=${sealed}; Path=/api; HttpOnly; SameSite=Strict; Max-Age=${lifetimeSeconds}${secure}`;
}

/** The sign-up the request's cookie holds, or null. */
export function previewSignUpOf(request: Request): PreviewSignUp | null {
  const cookie = request.headers.get('cookie') ?? '';
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${previewSignUpCookieName}=([^;]*)`));
  return openPreviewSignUp(match?.[1]);
}

/** Whether a cookie's sign-up is this account's current one (not replaced since), still unverified. */
export function holdsSignUp(
  held: PreviewSignUp | null,
  user: { id: string; createdAt: Date; verified: boolean } | undefined,
): held is PreviewSignUp {
  return (
    held !== null &&
    user !== undefined &&
    !user.verified &&
    held.account.id === user.id &&
    held.account.createdAt.getTime() === user.createdAt.getTime()
  );
}
