import 'server-only';
import type { StoredPlacing } from '@/lib/server/results/stored-placing';
import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import {
  attendance,
  events,
  publishedResults,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import type { CertificateKind } from '@/lib/schemas/certificate-rules';
import { liveMember } from '@/lib/server/services/live-members';

/** One person a certificate would be issued to, with what it would print. */
export interface EligiblePerson {
  userId: string;
  email: string;
  recipientName: string;
  college: string;
  title: string;
  eventName: string | null;
  place: number | null;
  mention: string | null;
}

export type CertificateTarget =
  { kind: 'participation' | 'merit'; eventId: number } | { kind: 'team' | 'volunteer'; eventId?: null };

const placeWords: Record<number, string> = { 1: 'First place', 2: 'Second place', 3: 'Third place' };

/** What a certificate is for, as printed and shown on the verify page. */
export function certificateTitle(
  kind: CertificateKind,
  eventName: string | null,
  place: number | null = null,
  mention: string | null = null,
): string {
  if (kind === 'team') return 'Festival team';
  if (kind === 'volunteer') return 'Festival volunteer';
  if (kind === 'participation') return `Participation in ${eventName}`;
  if (place !== null) return `${placeWords[place] ?? `Place ${place}`} in ${eventName}`;
  return `Special mention: ${mention}, ${eventName}`;
}

/** The name as the person registered it: first name, then last name. */
export const fullNameSql = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** Everyone eligible for a kind (and event), in one query, whether or not they already hold one. */
export async function eligiblePeople(db: Db | Tx, target: CertificateTarget): Promise<EligiblePerson[]> {
  const person = {
    userId: users.id,
    email: users.email,
    recipientName: fullNameSql,
    college: users.college,
  };
  if (target.kind === 'team' || target.kind === 'volunteer') {
    const rolesWanted = target.kind === 'team' ? (['organiser', 'admin'] as const) : (['volunteer'] as const);
    const rows = await db
      .select(person)
      .from(users)
      .where(inArray(users.role, [...rolesWanted]))
      .orderBy(users.lastName, users.firstName);
    return rows.map((r) => ({
      ...r,
      title: certificateTitle(target.kind, null),
      eventName: null,
      place: null,
      mention: null,
    }));
  }

  const eventId = Number(target.eventId);
  const [event] = await db
    .select({ name: events.name, proof: events.participationProof })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return [];

  // A live member of a confirmed registration of the event.
  const memberOfEvent = and(eq(registrations.eventId, eventId), liveMember());

  if (target.kind === 'participation') {
    const present = exists(
      db
        .select({ one: sql`1` })
        .from(attendance)
        .where(
          and(
            eq(attendance.userId, registrationMembers.userId),
            eq(attendance.registrationId, registrations.id),
            isNull(attendance.undoneAt),
          ),
        ),
    );
    const rows = await db
      .selectDistinct(person)
      .from(registrationMembers)
      .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
      .innerJoin(users, eq(users.id, registrationMembers.userId))
      .where(event.proof === 'attendance' ? and(memberOfEvent, present) : memberOfEvent);
    return rows.map((r) => ({
      ...r,
      title: certificateTitle('participation', event.name),
      eventName: event.name,
      place: null,
      mention: null,
    }));
  }

  // Merit: the placings as published (the snapshot, not a draft edited since), to their entries' live members.
  const [published] = await db
    .select({ placings: publishedResults.placings })
    .from(publishedResults)
    .where(eq(publishedResults.eventId, eventId));
  const placed = new Map(
    ((published?.placings ?? []) as StoredPlacing[]).map((p) => [p.registrationId, p] as const),
  );
  if (placed.size === 0) return [];
  const members = await db
    .select({ ...person, registrationId: registrations.id })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .innerJoin(users, eq(users.id, registrationMembers.userId))
    .where(and(memberOfEvent, inArray(registrations.id, [...placed.keys()])));
  const rows = members.map(({ registrationId, ...member }) => ({
    ...member,
    place: placed.get(registrationId)?.place ?? null,
    mention: placed.get(registrationId)?.mention ?? null,
  }));
  return rows.map((r) => ({
    ...r,
    title: certificateTitle('merit', event.name, r.place, r.mention),
    eventName: event.name,
  }));
}
