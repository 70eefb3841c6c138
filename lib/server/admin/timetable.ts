import 'server-only';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  sessionTimeProblem,
  type AdminSession,
  type AdminTimetable,
  type AdminVenue,
  type SessionChange,
  type SessionValues,
  type VenueChange,
  type VenueValues,
  type VenueClash,
} from '@/lib/schemas/admin-timetable';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { contentChangedAfter, contentTags } from '@/lib/server/content-cache';
import type { Db, Tx } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import {
  eventCategories,
  eventSessions,
  events,
  registrationMembers,
  registrations,
  users,
  venues,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { PendingMail } from '@/lib/server/mail/mail-service';
import {
  sessionChangeMail,
  sessionChangePush,
  type SessionChange as MailedChange,
} from '@/lib/server/mail/timetable-mails';
import { audienceUserIds } from '@/lib/server/announcements/audience';
import { queuePushes } from '@/lib/server/push/push-queue';
import { selectSessions } from '@/lib/server/services/timetable';
import { sessionTitle, venueClashes, type TimetableSession } from '@/lib/timetable';
import { nextPosition, refuseIfReferenced, type OrderedList } from './content-shared';

/*
 * The organisers' writes to the timetable: venues and event sessions. Like every console write, each runs
 * in one transaction with its audit line and revalidates the public event pages (the schedule is one of
 * them) once committed. A session that moves or is cancelled after people registered mails every live
 * member of its event once, in the same transaction, with the calendar entry's SEQUENCE raised.
 */

type Conn = Db | Tx;

const venueList: OrderedList = {
  table: venues,
  id: venues.id,
  position: venues.position,
  entity: 'venue',
  label: 'the venues',
};

const changed = <T>(write: Promise<T>) => contentChangedAfter(contentTags.events, write);

const duplicateVenue = 'A venue with that name already exists.';

/** A unique-name violation becomes a field error the form can show. */
async function refuseDuplicateVenue<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', duplicateVenue, { fieldErrors: { name: duplicateVenue } });
    }
    throw error;
  }
}

// ---------- reads ----------

export async function listAdminVenues(db: Conn): Promise<AdminVenue[]> {
  const rows = await db
    .select({
      id: venues.id,
      name: venues.name,
      mapUrl: venues.mapUrl,
      position: venues.position,
      // A join, not a correlated subquery: Drizzle leaves the columns of a one-table select unqualified,
      // so a subquery's `id` would name the session's own id and count nothing.
      sessionCount: count(eventSessions.id),
    })
    .from(venues)
    .leftJoin(eventSessions, eq(eventSessions.venueId, venues.id))
    .groupBy(venues.id)
    .orderBy(asc(venues.position), asc(venues.id));
  return rows.map((r) => ({ ...r, sessionCount: Number(r.sessionCount) }));
}

async function adminVenue(db: Conn, id: number): Promise<AdminVenue | null> {
  return (await listAdminVenues(db)).find((v) => v.id === id) ?? null;
}

/** Live registrations per event: who a change would be mailed to. */
async function registrationCounts(db: Conn): Promise<Map<number, number>> {
  const rows = await db
    .select({ eventId: registrations.eventId, n: count() })
    .from(registrations)
    .where(eq(registrations.status, 'confirmed'))
    .groupBy(registrations.eventId);
  return new Map(rows.map((r) => [r.eventId, Number(r.n)]));
}

function clashesOf(sessions: TimetableSession[]): VenueClash[] {
  const brief = (s: TimetableSession) => ({
    id: s.id,
    title: sessionTitle(s),
    startsAt: s.startsAt,
    endsAt: s.endsAt,
  });
  return venueClashes(sessions).map(([first, second]) => ({
    venueName: first.venueName,
    first: brief(first),
    second: brief(second),
  }));
}

/** The console's timetable: venues, every session (hidden events' too) in time order, and the clashes. */
export async function getAdminTimetable(db: Conn): Promise<AdminTimetable> {
  const sessions = await selectSessions(db, undefined);
  const visibility = await db
    .select({ id: events.id, shown: sql<boolean>`${events.isVisible} and ${eventCategories.isVisible}` })
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId));
  const shown = new Map(visibility.map((v) => [v.id, Boolean(v.shown)]));
  const counts = await registrationCounts(db);
  const adminSessions: AdminSession[] = sessions.map((s) => ({
    ...s,
    eventVisible: shown.get(s.eventId) ?? false,
    registrationCount: counts.get(s.eventId) ?? 0,
  }));
  return { venues: await listAdminVenues(db), sessions: adminSessions, clashes: clashesOf(sessions) };
}

async function sessionById(db: Conn, id: number): Promise<TimetableSession | null> {
  const [session] = await selectSessions(db, eq(eventSessions.id, id));
  return session ?? null;
}

// ---------- venues ----------

export async function createVenue(db: Db, actor: Actor, input: VenueValues): Promise<AdminVenue> {
  return changed(
    refuseDuplicateVenue(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(venues)
          .values({
            name: input.name,
            mapUrl: input.mapUrl ?? null,
            position: await nextPosition(tx, venueList),
          })
          .returning({ id: venues.id });
        const created = (await adminVenue(tx, row!.id))!;
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'venue',
          entityId: created.id,
          after: created,
        });
        return created;
      }),
    ),
  );
}

/**
 * Renaming a venue or changing its map link changes no session's time or place, so nobody is mailed; the
 * pages and the next calendar file show the new name.
 */
export async function updateVenue(
  db: Db,
  actor: Actor,
  id: number,
  change: VenueChange,
): Promise<AdminVenue> {
  return changed(
    refuseDuplicateVenue(() =>
      db.transaction(async (tx) => {
        const before = await adminVenue(tx, id);
        if (!before) throw new AppError('not_found', 'No venue has that id.');
        const values = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
        if (Object.keys(values).length === 0) return before;
        await tx
          .update(venues)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(venues.id, id));
        const after = (await adminVenue(tx, id))!;
        await recordAudit(tx, actor, { action: 'update', entity: 'venue', entityId: id, before, after });
        return after;
      }),
    ),
  );
}

export async function deleteVenue(db: Db, actor: Actor, id: number): Promise<void> {
  const inUse = (name: string, n: number) =>
    `${name} still holds ${n} session${n === 1 ? '' : 's'}: move or delete ${n === 1 ? 'it' : 'them'} first.`;
  await changed(
    refuseIfReferenced(
      () =>
        db.transaction(async (tx) => {
          const before = await adminVenue(tx, id);
          if (!before) throw new AppError('not_found', 'No venue has that id.');
          if (before.sessionCount > 0)
            throw new AppError('conflict', inUse(before.name, before.sessionCount));
          await tx.delete(venues).where(eq(venues.id, id));
          await recordAudit(tx, actor, { action: 'delete', entity: 'venue', entityId: id, before });
        }),
      'This venue has just been given a session: move or delete it first.',
    ),
  );
}

// ---------- sessions ----------

async function requireEvent(tx: Conn, id: number): Promise<void> {
  const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.id, id));
  if (!row) {
    throw new AppError('invalid_input', 'That event does not exist.', {
      fieldErrors: { eventId: 'That event does not exist.' },
    });
  }
}

async function requireVenue(tx: Conn, id: number): Promise<void> {
  const [row] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, id));
  if (!row) {
    throw new AppError('invalid_input', 'That venue does not exist.', {
      fieldErrors: { venueId: 'That venue does not exist.' },
    });
  }
}

/** Every live member of an event's confirmed registrations, once each. */
async function eventMembers(tx: Conn, eventId: number): Promise<{ email: string; fullName: string }[]> {
  const rows = await tx
    .selectDistinct({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .innerJoin(users, eq(users.id, registrationMembers.userId))
    .where(
      and(
        eq(registrationMembers.eventId, eventId),
        isNull(registrationMembers.cancelledAt),
        eq(registrations.status, 'confirmed'),
      ),
    )
    .orderBy(asc(users.email));
  return rows.map((r) => ({ email: r.email, fullName: `${r.firstName} ${r.lastName}` }));
}

/**
 * Queues the change mail for every registered member, and a push to each of their devices, in the
 * transaction that made the change.
 */
async function mailMembers(tx: Tx, change: MailedChange, mail: PendingMail): Promise<number> {
  const members = await eventMembers(tx, change.before.eventId);
  for (const member of members) await mail.add(tx, sessionChangeMail(member, change));
  const push = sessionChangePush(change);
  await queuePushes(tx, {
    key: push.tag,
    userIds: audienceUserIds({ kind: 'events', eventIds: [change.before.eventId] }),
    payload: push,
  });
  return members.length;
}

/** Sends what a committed change queued, then marks the pages changed. */
async function afterCommit<T>(db: Db, mail: PendingMail, write: Promise<T>): Promise<T> {
  const result = await changed(write);
  await mail.send(db);
  return result;
}

/**
 * Locks the event's row: changes to one event's sessions (and the registrations whose members they mail)
 * apply one after the other.
 */
async function lockEvent(tx: Tx, id: number): Promise<void> {
  await tx.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
}

/**
 * Locks a session (its event first, as every change of that event's sessions does) and answers it as it
 * stands under the lock; 404 when there is none, or it went while we waited.
 */
async function lockSession(tx: Tx, id: number): Promise<TimetableSession> {
  const current = await sessionById(tx, id);
  if (!current) throw new AppError('not_found', 'No session has that id.');
  await lockEvent(tx, current.eventId);
  const [locked] = await tx
    .select({ id: eventSessions.id })
    .from(eventSessions)
    .where(eq(eventSessions.id, id))
    .for('update');
  if (!locked) throw new AppError('not_found', 'No session has that id.');
  return (await sessionById(tx, id))!;
}

export async function createSession(db: Db, actor: Actor, input: SessionValues): Promise<TimetableSession> {
  return changed(
    db.transaction(async (tx) => {
      await requireEvent(tx, input.eventId);
      await requireVenue(tx, input.venueId);
      const [row] = await tx
        .insert(eventSessions)
        .values({
          eventId: input.eventId,
          venueId: input.venueId,
          roundName: input.roundName ?? null,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
        })
        .returning({ id: eventSessions.id });
      const created = (await sessionById(tx, row!.id))!;
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'event_session',
        entityId: created.id,
        after: created,
      });
      return created;
    }),
  );
}

/**
 * Changes a session. A new time or venue raises the calendar SEQUENCE and mails every registered member
 * of the event; a new round name alone does neither.
 */
export async function updateSession(
  db: Db,
  actor: Actor,
  id: number,
  change: SessionChange,
): Promise<TimetableSession & { membersMailed: number }> {
  const mail = new PendingMail();
  return afterCommit(
    db,
    mail,
    db.transaction(async (tx) => {
      const before = await lockSession(tx, id);
      const startsAt = change.startsAt ?? before.startsAt;
      const endsAt = change.endsAt ?? before.endsAt;
      const problem = sessionTimeProblem(startsAt, endsAt);
      if (problem) {
        throw new AppError('invalid_input', problem.message, {
          fieldErrors: { [problem.field]: problem.message },
        });
      }
      if (change.venueId !== undefined && change.venueId !== before.venueId)
        await requireVenue(tx, change.venueId);
      const moved =
        new Date(startsAt).getTime() !== new Date(before.startsAt).getTime() ||
        new Date(endsAt).getTime() !== new Date(before.endsAt).getTime() ||
        (change.venueId !== undefined && change.venueId !== before.venueId);
      const renamed = change.roundName !== undefined && change.roundName !== before.roundName;
      if (!moved && !renamed) return { ...before, membersMailed: 0 };
      await tx
        .update(eventSessions)
        .set({
          venueId: change.venueId ?? before.venueId,
          roundName: change.roundName === undefined ? before.roundName : change.roundName,
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          sequence: moved ? before.sequence + 1 : before.sequence,
          updatedAt: new Date(),
        })
        .where(eq(eventSessions.id, id));
      const after = (await sessionById(tx, id))!;
      const membersMailed = moved ? await mailMembers(tx, { kind: 'moved', before, after }, mail) : 0;
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'event_session',
        entityId: id,
        before,
        after: { ...after, membersMailed },
      });
      return { ...after, membersMailed };
    }),
  );
}

/** Deletes a session; its event's registered members are told it is cancelled (their calendars drop it). */
export async function deleteSession(db: Db, actor: Actor, id: number): Promise<{ membersMailed: number }> {
  const mail = new PendingMail();
  return afterCommit(
    db,
    mail,
    db.transaction(async (tx) => {
      const before = await lockSession(tx, id);
      await tx.delete(eventSessions).where(eq(eventSessions.id, id));
      const membersMailed = await mailMembers(tx, { kind: 'cancelled', before }, mail);
      await recordAudit(tx, actor, { action: 'delete', entity: 'event_session', entityId: id, before });
      return { membersMailed };
    }),
  );
}
