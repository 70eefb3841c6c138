import 'server-only';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { RegistrationOverlapWarning } from '@/lib/schemas/event-registration';
import type { Db, Tx } from '@/lib/server/db';
import {
  eventCategories,
  eventSessions,
  events,
  registrationMembers,
  registrations,
  users,
  venues,
} from '@/lib/server/db/schema';
import {
  byTime,
  eventOverlaps,
  overlaps,
  sessionTitle,
  sessionWhen,
  type TimetableSession,
} from '@/lib/timetable';
import { liveMember } from '@/lib/server/services/live-members';

/*
 * Reads of the timetable: the public schedule, one event's sessions, a participant's own day, and the
 * overlaps the registration screen warns about. Writes are the console's (lib/server/admin/timetable.ts).
 */

type Conn = Db | Tx;

const sessionColumns = {
  id: eventSessions.id,
  eventId: eventSessions.eventId,
  eventName: events.name,
  roundName: eventSessions.roundName,
  venueId: eventSessions.venueId,
  venueName: venues.name,
  venueMapUrl: venues.mapUrl,
  startsAt: eventSessions.startsAt,
  endsAt: eventSessions.endsAt,
  sequence: eventSessions.sequence,
};

const visible = and(eq(events.isVisible, true), eq(eventCategories.isVisible, true));

/** Sessions matching `where`, in time order, in the timetable's shape. */
export async function selectSessions(db: Conn, where: SQL | undefined): Promise<TimetableSession[]> {
  const rows = await db
    .select(sessionColumns)
    .from(eventSessions)
    .innerJoin(events, eq(events.id, eventSessions.eventId))
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .innerJoin(venues, eq(venues.id, eventSessions.venueId))
    .where(where)
    .orderBy(asc(eventSessions.startsAt), asc(eventSessions.endsAt), asc(events.name));
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() }));
}

/** The public schedule: every session of a shown event. */
export function publicTimetable(db: Conn): Promise<TimetableSession[]> {
  return selectSessions(db, visible);
}

/** The sessions of some events, shown or not (a confirmation is mailed for what someone registered for). */
export function sessionsOfEvents(db: Conn, eventIds: number[]): Promise<TimetableSession[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return selectSessions(db, inArray(eventSessions.eventId, eventIds));
}

/** The events each person holds a live registration for. */
async function liveEventIds(db: Conn, userIds: string[], except?: number): Promise<Map<string, number[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: registrationMembers.userId, eventId: registrationMembers.eventId })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .where(
      and(
        inArray(registrationMembers.userId, userIds),
        liveMember(),
        except === undefined ? undefined : ne(registrationMembers.eventId, except),
      ),
    );
  const byUser = new Map<string, number[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.eventId]);
  return byUser;
}

/** A participant's own timetable: the sessions of every event they are registered for, in time order. */
export async function participantTimetable(db: Conn, userId: string): Promise<TimetableSession[]> {
  const eventIds = (await liveEventIds(db, [userId])).get(userId) ?? [];
  return sessionsOfEvents(db, eventIds);
}

/**
 * GET /api/my-timetable's answer (and /profile's, read by its page): the participant's sessions and the
 * pairs of them, by id, whose times overlap.
 */
export async function myTimetable(
  db: Conn,
  userId: string,
): Promise<{ sessions: TimetableSession[]; overlaps: [number, number][] }> {
  const sessions = await participantTimetable(db, userId);
  return { sessions, overlaps: eventOverlaps(sessions).map(([a, b]): [number, number] => [a.id, b.id]) };
}

/**
 * Where registering these people for `eventId` would put any of them in two places at once: each of the
 * event's sessions against the sessions of every other event they are registered for. A warning, not a
 * refusal (people may choose to skip a round). The caller (`callerId`) is told each of their clashes with
 * the other event's session and time; anyone else only that they have a clash, once, so the answer says
 * nothing of where that person will be. Warnings follow the order of `emails`, each person's in time order.
 */
export async function registrationOverlaps(
  db: Conn,
  input: { eventId: number; callerId: string; emails: string[] },
): Promise<RegistrationOverlapWarning[]> {
  const emails = [...new Set(input.emails.map((e) => e.trim().toLowerCase()))].filter(Boolean);
  if (emails.length === 0) return [];
  const own = await sessionsOfEvents(db, [input.eventId]);
  if (own.length === 0) return [];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  people.sort((a, b) => emails.indexOf(a.email.toLowerCase()) - emails.indexOf(b.email.toLowerCase()));
  const eventIdsByUser = await liveEventIds(
    db,
    people.map((p) => p.id),
    input.eventId,
  );
  const otherEventIds = [...new Set([...eventIdsByUser.values()].flat())];
  const others = await sessionsOfEvents(db, otherEventIds);
  const found: RegistrationOverlapWarning[] = [];
  for (const person of people) {
    const theirs = new Set(eventIdsByUser.get(person.id) ?? []);
    for (const other of byTime(others.filter((s) => theirs.has(s.eventId)))) {
      const hit = own.find((s) => overlaps(s, other));
      if (!hit) continue;
      if (person.id !== input.callerId) {
        found.push({ who: 'teammate', email: person.email });
        break;
      }
      found.push({
        who: 'you',
        email: person.email,
        session: sessionTitle(hit),
        otherSession: sessionTitle(other),
        otherWhen: sessionWhen(other),
      });
    }
  }
  return found;
}
