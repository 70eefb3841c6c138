import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ResultEntry } from '@/lib/schemas/results';
import type { Db, Tx } from '@/lib/server/db';
import { events, registrationMembers, registrations, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { liveMember } from '@/lib/server/services/live-members';

/*
 * An event's entries: its confirmed registrations, each named as the public will read it (the team's name,
 * or the person's for a solo entry), with its live members. Results are only ever about these.
 */

export interface EventEntry extends ResultEntry {
  /** The live members' accounts, for their mails. */
  people: { userId: string; email: string; fullName: string }[];
}

export async function eventOrThrow(db: Db | Tx, eventId: number, lock = false) {
  const query = db.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, eventId));
  const [event] = lock ? await query.for('update') : await query;
  if (!event) throw new AppError('not_found', 'This event does not exist.');
  return event;
}

/** The confirmed entries of an event (or only those named), in the order they registered. */
export async function eventEntries(
  db: Db | Tx,
  eventId: number,
  only?: readonly string[],
): Promise<EventEntry[]> {
  if (only && only.length === 0) return [];
  const rows = await db
    .select({
      registrationId: registrations.id,
      teamName: registrations.teamName,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      college: users.college,
      isLeader: registrationMembers.isLeader,
    })
    .from(registrations)
    .innerJoin(registrationMembers, eq(registrationMembers.registrationId, registrations.id))
    .innerJoin(users, eq(users.id, registrationMembers.userId))
    .where(
      and(
        eq(registrations.eventId, eventId),
        liveMember(),
        only ? inArray(registrations.id, [...only]) : undefined,
      ),
    )
    .orderBy(asc(registrations.createdAt), asc(registrations.id), asc(registrationMembers.position));
  const entries = new Map<string, EventEntry>();
  for (const row of rows) {
    const fullName = `${row.firstName} ${row.lastName}`;
    let entry = entries.get(row.registrationId);
    if (!entry) {
      entry = {
        registrationId: row.registrationId,
        name: row.teamName ?? fullName,
        college: '',
        members: [],
        people: [],
      };
      entries.set(row.registrationId, entry);
    }
    entry.members.push(fullName);
    entry.people.push({ userId: row.userId, email: row.email, fullName });
    // The leader's college names the entry (members of one team may come from several).
    if (row.isLeader || entry.college === '') entry.college = row.college;
  }
  return [...entries.values()];
}

/** Refuses ids that are not confirmed entries of this event, naming the problem for the organiser. */
export async function assertEntries(db: Db | Tx, eventId: number, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) {
    throw new AppError('invalid_input', 'An entry is listed twice.');
  }
  const found = await eventEntries(db, eventId, unique);
  if (found.length !== unique.length) {
    throw new AppError(
      'invalid_input',
      'An entry is not a confirmed registration of this event (it may have been cancelled). Reload and choose again.',
    );
  }
}
