import 'server-only';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CsvColumn } from '@/lib/csv';
import { csvDownload, exportBatchSize, type Batch } from '@/lib/server/csv-stream';
import type { Db } from '@/lib/server/db';
import { attendance, eventSessions, events, registrations, users, venues } from '@/lib/server/db/schema';
import { fullName } from './people';

/*
 * GET /api/admin/export/attendance.csv: every live attendance (undone ones left out), one row per person
 * per session, for organisers only (it has e-mails). Streamed in keyset batches like the other exports.
 */

export interface AttendanceExportRow {
  id: string;
  sessionId: number;
  sessionStartsAt: Date;
  eventName: string;
  roundName: string | null;
  venueName: string;
  name: string;
  email: string;
  college: string;
  teamName: string | null;
  scannedAt: Date;
  recordedBy: string | null;
}

type Cursor = { sessionId: number; id: string };

export const attendanceColumns: readonly CsvColumn<AttendanceExportRow>[] = [
  { header: 'Session', value: (r) => r.sessionId },
  { header: 'Session starts at', value: (r) => r.sessionStartsAt },
  { header: 'Event', value: (r) => r.eventName },
  { header: 'Round', value: (r) => r.roundName },
  { header: 'Venue', value: (r) => r.venueName },
  { header: 'Name', value: (r) => r.name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'College', value: (r) => r.college },
  { header: 'Team', value: (r) => r.teamName },
  { header: 'Scanned at', value: (r) => r.scannedAt },
  { header: 'Recorded by', value: (r) => r.recordedBy },
];

const recorder = alias(users, 'recorder');

export async function attendanceBatch(
  db: Db,
  sessionId: number | undefined,
  after: Cursor | null,
  size: number = exportBatchSize,
): Promise<Batch<AttendanceExportRow, Cursor>> {
  const conditions: SQL[] = [isNull(attendance.undoneAt)];
  if (sessionId !== undefined) conditions.push(eq(attendance.sessionId, sessionId));
  if (after)
    conditions.push(sql`(${attendance.sessionId}, ${attendance.id}) > (${after.sessionId}, ${after.id})`);
  const rows = await db
    .select({
      id: attendance.id,
      sessionId: attendance.sessionId,
      sessionStartsAt: eventSessions.startsAt,
      eventName: events.name,
      roundName: eventSessions.roundName,
      venueName: venues.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      college: users.college,
      teamName: registrations.teamName,
      scannedAt: attendance.scannedAt,
      recorderFirstName: recorder.firstName,
      recorderLastName: recorder.lastName,
    })
    .from(attendance)
    .innerJoin(eventSessions, eq(eventSessions.id, attendance.sessionId))
    .innerJoin(events, eq(events.id, eventSessions.eventId))
    .innerJoin(venues, eq(venues.id, eventSessions.venueId))
    .innerJoin(users, eq(users.id, attendance.userId))
    .innerJoin(registrations, eq(registrations.id, attendance.registrationId))
    .leftJoin(recorder, eq(recorder.id, attendance.recordedByUserId))
    .where(and(...conditions))
    .orderBy(asc(attendance.sessionId), asc(attendance.id))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      sessionId: r.sessionId,
      sessionStartsAt: r.sessionStartsAt,
      eventName: r.eventName,
      roundName: r.roundName,
      venueName: r.venueName,
      name: fullName(r),
      email: r.email,
      college: r.college,
      teamName: r.teamName,
      scannedAt: r.scannedAt,
      recordedBy:
        r.recorderFirstName !== null && r.recorderLastName !== null
          ? fullName({ firstName: r.recorderFirstName, lastName: r.recorderLastName })
          : null,
    })),
    next: rows.length === size && last ? { sessionId: last.sessionId, id: last.id } : null,
  };
}

export function exportAttendance(
  db: Db,
  sessionId: number | undefined,
  batchSize = exportBatchSize,
): Response {
  return csvDownload<AttendanceExportRow, Cursor>({
    filename: sessionId === undefined ? 'attendance.csv' : `attendance-session-${sessionId}.csv`,
    columns: attendanceColumns,
    batch: (after) => attendanceBatch(db, sessionId, after, batchSize),
  });
}
