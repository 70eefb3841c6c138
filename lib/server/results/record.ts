import 'server-only';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { PlacingsInput } from '@/lib/schemas/results';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import type { Db } from '@/lib/server/db';
import { eventSessions, resultPlacings, roundAdvancements } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { assertEntries, eventOrThrow } from './entries';

/*
 * What the organisers record, as drafts: the public sees nothing until they publish (publish.ts). Each
 * save replaces one round's list, or the event's placings, under the event's row lock, the same lock a
 * publish takes, so a publish sees a save whole or not at all.
 */

/** Replaces the entries going through from one round. Those already mailed stay mailed. */
export async function saveRoundOutcome(
  db: Db,
  actor: Actor,
  eventId: number,
  sessionId: number,
  registrationIds: readonly string[],
): Promise<{ advancing: string[] }> {
  return db.transaction(async (tx) => {
    const event = await eventOrThrow(tx, eventId, true);
    const [session] = await tx
      .select({ id: eventSessions.id })
      .from(eventSessions)
      .where(and(eq(eventSessions.id, sessionId), eq(eventSessions.eventId, eventId)));
    if (!session) throw new AppError('not_found', 'This round is not in the timetable of this event.');
    await assertEntries(tx, eventId, registrationIds);
    const before = await tx
      .select({ registrationId: roundAdvancements.registrationId })
      .from(roundAdvancements)
      .where(eq(roundAdvancements.sessionId, sessionId));
    const ids = [...registrationIds];
    await tx
      .delete(roundAdvancements)
      .where(
        and(
          eq(roundAdvancements.sessionId, sessionId),
          ids.length > 0 ? notInArray(roundAdvancements.registrationId, ids) : undefined,
        ),
      );
    if (ids.length > 0) {
      await tx
        .insert(roundAdvancements)
        .values(ids.map((registrationId) => ({ sessionId, registrationId })))
        .onConflictDoNothing();
    }
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'round_outcome',
      entityId: sessionId,
      before: { event: event.name, advancing: before.map((r) => r.registrationId).sort() },
      after: { event: event.name, advancing: [...ids].sort() },
    });
    return { advancing: ids };
  });
}

/** Replaces the event's final placings (the podium and the special mentions). */
export async function savePlacings(
  db: Db,
  actor: Actor,
  eventId: number,
  input: PlacingsInput,
): Promise<void> {
  const places = input.places.map((p) => p.place);
  if (new Set(places).size !== places.length) {
    throw new AppError(
      'invalid_input',
      'Each place goes to one entry: choose a different entry for each place.',
    );
  }
  const ids = [...input.places.map((p) => p.registrationId), ...input.mentions.map((m) => m.registrationId)];
  await db.transaction(async (tx) => {
    const event = await eventOrThrow(tx, eventId, true);
    if (new Set(ids).size !== ids.length) {
      throw new AppError(
        'invalid_input',
        'An entry can have one placing only: a place or a special mention.',
      );
    }
    await assertEntries(tx, eventId, ids);
    const before = await tx
      .select({
        registrationId: resultPlacings.registrationId,
        place: resultPlacings.place,
        mention: resultPlacings.mention,
      })
      .from(resultPlacings)
      .where(eq(resultPlacings.eventId, eventId));
    await tx.delete(resultPlacings).where(eq(resultPlacings.eventId, eventId));
    const rows = [
      ...input.places.map((p) => ({
        eventId,
        registrationId: p.registrationId,
        place: p.place,
        mention: null,
      })),
      ...input.mentions.map((m) => ({
        eventId,
        registrationId: m.registrationId,
        place: null,
        mention: m.mention,
      })),
    ];
    if (rows.length > 0) await tx.insert(resultPlacings).values(rows);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'result_placings',
      entityId: eventId,
      before: { event: event.name, placings: before },
      after: {
        event: event.name,
        placings: rows.map(({ registrationId, place, mention }) => ({ registrationId, place, mention })),
      },
    });
  });
}

/** The entries going through from each of these rounds, by round. */
export async function advancingByRound(db: Db, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: roundAdvancements.sessionId,
      registrationId: roundAdvancements.registrationId,
      mailedAt: roundAdvancements.mailedAt,
    })
    .from(roundAdvancements)
    .where(inArray(roundAdvancements.sessionId, [...sessionIds]));
}
