import 'server-only';
import crypto from 'node:crypto';
import { env } from '@/lib/server/env';
import { derivedSecret } from '@/lib/server/secrets';

/*
 * The link a teammate's confirmation mail carries to leave a team they did not agree to join: the
 * membership row's random id and an HMAC of it under a key derived from the application secret, so a
 * link cannot be guessed, forged or pointed at another membership. Changing JWT_SECRET invalidates old
 * links (as it does passes and sign-ins).
 */

const label = 'team-leave:v1:';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(memberId: string): Buffer {
  return crypto.createHmac('sha256', derivedSecret('team-leave-v1')).update(`${label}${memberId}`).digest();
}

/** The token for one membership (a registration_members row): `{id}.{mac}`. */
export function leaveTeamToken(memberId: string): string {
  return `${memberId}.${mac(memberId).toString('base64url')}`;
}

/** The membership a token names, or null when it is malformed or its signature does not match. */
export function readLeaveTeamToken(token: string): string | null {
  if (token.length > 200) return null;
  const [memberId, given, ...rest] = token.trim().split('.');
  if (!memberId || !given || rest.length > 0 || !uuidPattern.test(memberId)) return null;
  const expected = mac(memberId);
  const bytes = Buffer.from(given, 'base64url');
  if (bytes.length !== expected.length || bytes.toString('base64url') !== given) return null;
  return crypto.timingSafeEqual(bytes, expected) ? memberId : null;
}

/** The page a teammate opens from their mail. */
export function leaveTeamUrl(memberId: string): string {
  return new URL(`/leave-team?token=${encodeURIComponent(leaveTeamToken(memberId))}`, env().SITE_URL).href;
}
