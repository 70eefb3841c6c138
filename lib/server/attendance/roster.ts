import 'server-only';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RosterMember, ScanOutcome, SessionRoster } from '@/lib/schemas/attendance';
import type { Db } from '@/lib/server/db';
import {
  attendance,
  festivalPasses,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { fullName } from './people';
import { attendanceSession } from './sessions';
import { liveMember } from '@/lib/server/services/live-members';

const recorder = alias(users, 'recorder');

/** How many of the latest scans the screen gets back, for their undo buttons. */
const recentScans = 20;

/**
 * A session's roster: every live member of every confirmed registration of its event (a team member by
 * member), with their pass id (the phone recognises a scanned code by it offline) and whether they are
 * present; plus the counts and the latest scans.
 */
export async function sessionRoster(db: Db, sessionId: number): Promise<SessionRoster> {
  const session = await attendanceSession(db, sessionId);
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      college: users.college,
      teamName: registrations.teamName,
      passId: festivalPasses.id,
      attendanceId: attendance.id,
      presentSince: attendance.scannedAt,
    })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .innerJoin(users, eq(users.id, registrationMembers.userId))
    .leftJoin(festivalPasses, eq(festivalPasses.userId, users.id))
    .leftJoin(
      attendance,
      and(eq(attendance.sessionId, sessionId), eq(attendance.userId, users.id), isNull(attendance.undoneAt)),
    )
    .where(and(eq(registrationMembers.eventId, session.eventId), liveMember()))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const members: RosterMember[] = rows.map((r) => ({
    userId: r.userId,
    name: fullName(r),
    college: r.college,
    teamName: r.teamName,
    passId: r.passId,
    attendanceId: r.attendanceId,
    presentSince: r.presentSince?.toISOString() ?? null,
  }));

  const latest = await db
    .select({
      row: attendance,
      firstName: users.firstName,
      lastName: users.lastName,
      college: users.college,
      passId: festivalPasses.id,
      recorderFirstName: recorder.firstName,
      recorderLastName: recorder.lastName,
    })
    .from(attendance)
    .innerJoin(users, eq(users.id, attendance.userId))
    .leftJoin(recorder, eq(recorder.id, attendance.recordedByUserId))
    .leftJoin(festivalPasses, eq(festivalPasses.userId, attendance.userId))
    .where(and(eq(attendance.sessionId, sessionId), isNull(attendance.undoneAt)))
    .orderBy(desc(attendance.recordedAt), desc(attendance.id))
    .limit(recentScans);
  const recent: ScanOutcome[] = latest.map(({ row, recorderFirstName, recorderLastName, ...person }) => ({
    scanId: row.scanId,
    sessionId: row.sessionId,
    status: 'present',
    message: `${fullName(person)} is present.`,
    person: { name: fullName(person), college: person.college, passId: person.passId ?? '' },
    attendanceId: row.id,
    scannedAt: row.scannedAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: row.recordedByUserId
      ? {
          id: row.recordedByUserId,
          name:
            recorderFirstName !== null && recorderLastName !== null
              ? fullName({ firstName: recorderFirstName, lastName: recorderLastName })
              : 'a former volunteer',
        }
      : null,
    undoneAt: null,
  }));
  return { session, members, recent };
}
