import { expect } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { PATCH as patchEvent } from '@/app/api/admin/event/[id]/route';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import type { AdminEvent } from '@/lib/schemas/admin-events';
import { events, participationOptions, registrationMembers, registrations } from '@/lib/server/db/schema';
import { call } from './api';
import type { sandboxPay } from './sandbox';

/** An open event whose option matches, created for the test so rules do not depend on seed details. */
export async function createTestEvent(
  db: Db,
  input: {
    price: number;
    min: number;
    max: number;
    open?: boolean;
    instituteFeeWaived?: boolean;
    name?: string;
    /** The option's place limit; unlimited when left out. */
    placeLimit?: number | null;
  },
) {
  const [category] = await db.query.eventCategories.findMany({ limit: 1 });
  if (!category) throw new Error('seed the database first');
  const [event] = await db
    .insert(events)
    .values({
      categoryId: category.id,
      name: input.name ?? `Test event ${Math.random().toString(36).slice(2, 8)}`,
      imageUrl: '/images/events/robot-arena.svg',
      description: 'A test event.',
      isRegistrationOpen: input.open ?? true,
      instituteFeeWaived: input.instituteFeeWaived ?? false,
      poc1Name: 'Test Contact',
      poc1PhoneNo: '9000000009',
      venue: 'LT',
      startsAt: new Date('2027-02-21T10:00:00+05:30'),
    })
    .returning();
  const [option] = await db
    .insert(participationOptions)
    .values({
      eventId: event!.id,
      participationName: input.min === input.max && input.min === 1 ? 'Solo' : 'Team',
      price: input.price,
      minRange: input.min,
      maxRange: input.max,
      placeLimit: input.placeLimit ?? null,
    })
    .returning();
  return { event: event!, option: option! };
}

export async function liveRegistrations(db: Db, eventId: number) {
  return db
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), isNull(registrations.cancelledAt)));
}

export async function liveMembers(db: Db, eventId: number) {
  return db
    .select()
    .from(registrationMembers)
    .where(and(eq(registrationMembers.eventId, eventId), isNull(registrationMembers.cancelledAt)));
}

/** One person registering alone, as the registration screen sends it: free (payData null) or paid. */
function registerSolo(
  person: { token: string; email: string },
  eventId: number,
  optionId: number,
  extra: { payData: Awaited<ReturnType<typeof sandboxPay>> | null; offerId?: string },
) {
  return call<{ message: string }>(register, {
    token: person.token,
    params: { eventId: String(eventId) },
    body: {
      registerData: { emails: [person.email], isDAStudent: false, teamName: null, participationId: optionId },
      payData: extra.payData,
      ...(extra.offerId ? { offerId: extra.offerId } : {}),
    },
  });
}

/**
 * Registers each team for a free option as the registration screen sends it, the team's first person as
 * its leader, and expects each to be confirmed (201). Answers the registrations' ids, in the teams' order.
 */
export async function registerFreeTeams(
  db: Db,
  eventId: number,
  optionId: number,
  teams: { token: string; email: string; userId: string }[][],
  teamName: (index: number) => string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, team] of teams.entries()) {
    const answer = await call(register, {
      token: team[0]!.token,
      params: { eventId: String(eventId) },
      body: {
        registerData: {
          emails: team.map((p) => p.email),
          participationId: optionId,
          teamName: teamName(index),
        },
        payData: null,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [row] = await db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), eq(registrations.leaderUserId, team[0]!.userId)));
    ids.push(row!.id);
  }
  return ids;
}

/** A free registration of one person alone, as the registration screen sends it (with an offer, if any). */
export function registerFreeSolo(
  person: { token: string; email: string },
  eventId: number,
  optionId: number,
  offerId?: string,
) {
  return registerSolo(person, eventId, optionId, { payData: null, offerId });
}

/** The confirmation of one person's paid registration, with the payment the sandbox answered. */
export function registerPaidSolo(
  person: { token: string; email: string },
  eventId: number,
  optionId: number,
  payData: Awaited<ReturnType<typeof sandboxPay>>,
) {
  return registerSolo(person, eventId, optionId, { payData });
}

/**
 * The console's write of a free solo option's place limit, as the events console (and "Raise the limit")
 * sends it: the event's whole list of options, here that one option. `placeLimit` as typed (bad input too).
 */
export function patchSoloPlaceLimit(
  organiser: { token: string },
  eventId: number,
  optionId: number,
  placeLimit: unknown,
) {
  return call<{ message: string; data: AdminEvent; errors?: Record<string, string> }>(patchEvent, {
    method: 'PATCH',
    token: organiser.token,
    params: { id: String(eventId) },
    body: {
      participations: [
        { id: optionId, participationName: 'Solo', price: 0, minRange: 1, maxRange: 1, placeLimit },
      ],
    },
  });
}
