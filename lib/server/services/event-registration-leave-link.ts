import 'server-only';
import crypto from 'node:crypto';
import { env } from '@/lib/server/env';
import { derivedSecret } from '@/lib/server/secrets';
import { festivalEnd } from '@/lib/timetable';

/*
 * The link a teammate's confirmation mail carries to leave a team they did not agree to join: the
 * membership row's random id, when the link stops working, and an HMAC of both under a key derived from
 * the application secret, so a link cannot be guessed, forged, pointed at another membership or made to
 * last longer. It lasts until the end of the event's last session as the timetable stands when the mail
 * is written, or the festival's end for an event without sessions (every event happens within the
 * festival): past that there is no team left to leave. The leave service also ends it with the event
 * when the organisers move the event earlier. Changing JWT_SECRET invalidates old links (as it does
 * passes and sign-ins).
 *
 * Links mailed before links had an expiry (`{id}.{mac}`, the first form) still verify, and are held to the
 * festival's end and the event's end in the same way, so none of them outlives the festival.
 */

const label = 'team-leave:v2:';
const legacyLabel = 'team-leave:v1:';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const secondsPattern = /^[1-9][0-9]{0,11}$/;

function mac(memberId: string, expiresSeconds: number): Buffer {
  return crypto
    .createHmac('sha256', derivedSecret('team-leave-v2'))
    .update(`${label}${memberId}.${expiresSeconds}`)
    .digest();
}

function legacyMac(memberId: string): Buffer {
  return crypto
    .createHmac('sha256', derivedSecret('team-leave-v1'))
    .update(`${legacyLabel}${memberId}`)
    .digest();
}

/** When a teammate's leave link for an event stops working: its last session's end, else the festival's. */
export function leaveLinkExpiry(sessions: readonly { endsAt: string | Date }[]): Date {
  const ends = sessions.map((s) => new Date(s.endsAt).getTime());
  return ends.length > 0 ? new Date(Math.max(...ends)) : festivalEnd;
}

/** The token for one membership (a registration_members row) until `expiresAt`: `{id}.{seconds}.{mac}`. */
export function leaveTeamToken(memberId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${memberId}.${seconds}.${mac(memberId, seconds).toString('base64url')}`;
}

function sameMac(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, 'base64url');
  if (bytes.length !== expected.length || bytes.toString('base64url') !== given) return false;
  return crypto.timingSafeEqual(bytes, expected);
}

/**
 * The membership a token names and when it stops working, or null when it is malformed or its signature
 * does not match. Whether it has stopped working is the caller's to check.
 */
export function readLeaveTeamToken(token: string): { memberId: string; expiresAt: Date } | null {
  if (token.length > 200) return null;
  const parts = token.trim().split('.');
  const memberId = parts[0];
  if (!memberId || !uuidPattern.test(memberId)) return null;
  if (parts.length === 2) {
    return sameMac(parts[1]!, legacyMac(memberId)) ? { memberId, expiresAt: festivalEnd } : null;
  }
  if (parts.length !== 3 || !secondsPattern.test(parts[1]!)) return null;
  const seconds = Number(parts[1]);
  if (!sameMac(parts[2]!, mac(memberId, seconds))) return null;
  return { memberId, expiresAt: new Date(seconds * 1000) };
}

/** The page a teammate opens from their mail. */
export function leaveTeamUrl(memberId: string, expiresAt: Date): string {
  const token = leaveTeamToken(memberId, expiresAt);
  return new URL(`/leave-team?token=${encodeURIComponent(token)}`, env().SITE_URL).href;
}
