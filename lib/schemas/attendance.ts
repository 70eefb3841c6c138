import { z } from 'zod';
import { singleLine } from './plain-text';

/**
 * Attendance per session: what the volunteer's phone sends (one scan, or a batch of scans made offline)
 * and what the API answers. Shared by the route handlers and the phone screen.
 */

/** The most scans one batch may carry: a long stretch without signal at a big event. */
export const maxBatchScans = 500;

/** An attendance can be undone this long after it was recorded (a wrong pass scanned, a mistaken tap). */
export const undoWindowMs = 5 * 60 * 1000;

const codeSchema = z
  .string('Please scan a pass or type its code.')
  .trim()
  .min(1, 'Please scan a pass or type its code.')
  .max(200, 'This pass is not valid.')
  .check(singleLine('The pass code'));

export const scanSchema = z.object({
  /** Made by the phone when the scan happens: the same scan sent twice is recognised by it. */
  scanId: z.uuid('The scan id must be a UUID made by the phone.'),
  sessionId: z.coerce
    .number('Choose a session.')
    .int('Choose a session.')
    .positive('Choose a session.')
    .max(2_147_483_647, 'Choose a session.'),
  code: codeSchema,
  /** When the volunteer scanned, by the phone's clock; the server keeps it within reason. */
  scannedAt: z.iso.datetime({ offset: true, error: 'The time of the scan must be an ISO date and time.' }),
});
export type ScanInput = z.infer<typeof scanSchema>;

export const batchSchema = z.object({
  scans: z
    .array(scanSchema, 'Send the scans as a list.')
    .min(1, 'Send at least one scan.')
    .max(maxBatchScans, `Send at most ${maxBatchScans} scans at once.`),
});
export type BatchInput = z.infer<typeof batchSchema>;

export const sessionIdParam = z.coerce
  .number('Session not found.')
  .int('Session not found.')
  .positive('Session not found.')
  .max(2_147_483_647, 'Session not found.');

export const attendanceIdParam = z.uuid('Attendance not found.');

export const attendanceExportSchema = z.object({ sessionId: sessionIdParam.optional() });

export const scanStatuses = [
  'present',
  'already_present',
  'not_registered',
  'cancelled',
  'revoked',
  'invalid',
  'unknown_session',
] as const;
export type ScanStatus = (typeof scanStatuses)[number];

/** Outcomes that mean the person is (now, or already) marked present. */
export const presentStatuses: readonly ScanStatus[] = ['present', 'already_present'];

export interface ScanPerson {
  name: string;
  college: string;
  passId: string;
}

/** The answer to one scan, alone or in a batch (there in the order sent). */
export interface ScanOutcome {
  scanId: string;
  sessionId: number;
  status: ScanStatus;
  /** A sentence for the volunteer, shown big on the phone. */
  message: string;
  /** Who the pass belongs to; null when the code was not a valid pass. */
  person: ScanPerson | null;
  /** The attendance row (for present and already_present). */
  attendanceId: string | null;
  /** When the person was marked present (for already_present: the first scan's time). */
  scannedAt: string | null;
  /** When the server recorded it: the undo window runs from here. */
  recordedAt: string | null;
  recordedBy: { id: string | null; name: string } | null;
  /** Set when this attendance was undone since. */
  undoneAt: string | null;
}

export interface RosterMember {
  userId: string;
  name: string;
  college: string;
  teamName: string | null;
  /** The member's festival pass, to recognise a scanned code offline; null if they have none. */
  passId: string | null;
  attendanceId: string | null;
  presentSince: string | null;
}

export interface AttendanceSession {
  id: number;
  eventId: number;
  eventName: string;
  roundName: string | null;
  venueName: string;
  startsAt: string;
  endsAt: string;
  /** The festival day (India) the session starts on, YYYY-MM-DD. */
  day: string;
  isToday: boolean;
  present: number;
  registered: number;
}

export interface SessionRoster {
  session: AttendanceSession;
  members: RosterMember[];
  /** The latest scans of this session (newest first), for the undo buttons. */
  recent: ScanOutcome[];
}

export interface UndoAnswer {
  attendanceId: string;
  undoneAt: string;
}
