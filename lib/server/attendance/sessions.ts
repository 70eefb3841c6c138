import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { AttendanceSession } from '@/lib/schemas/attendance';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import {
  attendance,
  eventSessions,
  events,
  registrationMembers,
  registrations,
  venues,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { festivalDayOf } from '@/lib/server/passes/passes';
import { liveMember } from '@/lib/server/services/live-members';

/*
 * The festival's sessions as the attendance screen lists them, each with its live counts: present (live
 * attendance rows) and registered (live members of the event's confirmed registrations, counted member by
 * member, as teams are).
 */

const presentCount = sql<number>`(select count(*)::int from ${attendance} where ${attendance.sessionId} = ${eventSessions.id} and ${attendance.undoneAt} is null)`;
const registeredCount = sql<number>`(select count(*)::int from ${registrationMembers} inner join ${registrations} on ${registrations.id} = ${registrationMembers.registrationId} where ${registrationMembers.eventId} = ${eventSessions.eventId} and ${liveMember()})`;

function sessionQuery(db: Db | Tx) {
  return db
    .select({
      id: eventSessions.id,
      eventId: eventSessions.eventId,
      eventName: events.name,
      roundName: eventSessions.roundName,
      venueName: venues.name,
      startsAt: eventSessions.startsAt,
      endsAt: eventSessions.endsAt,
      present: presentCount,
      registered: registeredCount,
    })
    .from(eventSessions)
    .innerJoin(events, eq(events.id, eventSessions.eventId))
    .innerJoin(venues, eq(venues.id, eventSessions.venueId));
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['execute']>>[number];

function toSession(row: SessionRow, today: string): AttendanceSession {
  const day = festivalDayOf(row.startsAt);
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: row.eventName,
    roundName: row.roundName,
    venueName: row.venueName,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    day,
    isToday: day === today,
    present: Number(row.present),
    registered: Number(row.registered),
  };
}

/** Every session, today's (India time) first, then by start time. */
export async function listAttendanceSessions(db: Db): Promise<AttendanceSession[]> {
  const today = festivalDayOf(now());
  const rows = await sessionQuery(db).orderBy(asc(eventSessions.startsAt), asc(eventSessions.id));
  const sessions = rows.map((row) => toSession(row, today));
  return [...sessions.filter((s) => s.isToday), ...sessions.filter((s) => !s.isToday)];
}

/** One session with its counts; 404 when there is none. */
export async function attendanceSession(db: Db | Tx, sessionId: number): Promise<AttendanceSession> {
  const [row] = await sessionQuery(db).where(eq(eventSessions.id, sessionId));
  if (!row) throw new AppError('not_found', 'Session not found.');
  return toSession(row, festivalDayOf(now()));
}
