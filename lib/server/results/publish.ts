import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { PodiumPlace, PublishedPlacing } from '@/lib/schemas/results';
import { publicPlacings, type StoredPlacing } from './stored-placing';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { contentChanged, contentTags } from '@/lib/server/content-tags';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import { publishedResults, resultPlacings, roundAdvancements } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { advancementMail } from '@/lib/server/mail/results-mails';
import { eventEntries, eventOrThrow } from './entries';
import { nextRound, roundsOfEvent } from './rounds';

/*
 * Publishing an event's results: the placings as they stand become what the public reads (a snapshot, so
 * later edits wait for the next publish), and every member of an entry going through from a round who has
 * not been told yet is mailed. Each advancement is marked mailed by the same statement that picks it
 * (UPDATE ... WHERE mailed_at IS NULL RETURNING), in the transaction that queues the mails, under the
 * event's row lock: two organisers publishing at once, or one publishing twice, mail nobody twice.
 */

/** The placings as the public will read them: the podium in order, then the mentions by name. */
async function placingsSnapshot(tx: Tx, eventId: number): Promise<StoredPlacing[]> {
  const rows = await tx
    .select({
      registrationId: resultPlacings.registrationId,
      place: resultPlacings.place,
      mention: resultPlacings.mention,
    })
    .from(resultPlacings)
    .where(eq(resultPlacings.eventId, eventId))
    .orderBy(asc(resultPlacings.place), asc(resultPlacings.mention));
  const entries = new Map(
    (
      await eventEntries(
        tx,
        eventId,
        rows.map((r) => r.registrationId),
      )
    ).map((e) => [e.registrationId, e]),
  );
  const snapshot: StoredPlacing[] = [];
  for (const row of rows) {
    // An entry cancelled since it was placed is left out rather than published under a cancelled name.
    const entry = entries.get(row.registrationId);
    if (!entry) continue;
    snapshot.push({
      registrationId: row.registrationId,
      place: row.place as PodiumPlace | null,
      mention: row.mention,
      name: entry.name,
      college: entry.college,
      members: entry.members,
    });
  }
  return snapshot;
}

/** Queues the mails of every advancement not yet told; returns how many people were mailed. */
async function mailAdvancements(
  tx: Tx,
  eventId: number,
  eventName: string,
  pending: PendingMail,
): Promise<number> {
  const rounds = await roundsOfEvent(tx, eventId);
  if (rounds.length === 0) return 0;
  const picked = await tx
    .update(roundAdvancements)
    .set({ mailedAt: now() })
    .where(
      and(
        inArray(
          roundAdvancements.sessionId,
          rounds.map((r) => r.sessionId),
        ),
        isNull(roundAdvancements.mailedAt),
      ),
    )
    .returning({ sessionId: roundAdvancements.sessionId, registrationId: roundAdvancements.registrationId });
  if (picked.length === 0) return 0;
  const entries = new Map(
    (await eventEntries(tx, eventId, [...new Set(picked.map((p) => p.registrationId))])).map((e) => [
      e.registrationId,
      e,
    ]),
  );
  let mailed = 0;
  for (const { sessionId, registrationId } of picked) {
    const entry = entries.get(registrationId);
    const round = rounds.find((r) => r.sessionId === sessionId);
    if (!entry || !round) continue;
    const next = nextRound(rounds, sessionId);
    for (const person of entry.people) {
      await pending.add(
        tx,
        advancementMail(person, { eventName, roundName: round.name, entryName: entry.name, next }),
      );
      mailed += 1;
    }
  }
  return mailed;
}

export async function publishResults(
  db: Db,
  actor: Actor,
  eventId: number,
): Promise<{ placings: PublishedPlacing[]; mailed: number }> {
  const pending = new PendingMail();
  const outcome = await db.transaction(async (tx) => {
    const event = await eventOrThrow(tx, eventId, true);
    const placings = await placingsSnapshot(tx, eventId);
    const [before] = await tx.select().from(publishedResults).where(eq(publishedResults.eventId, eventId));
    const values = { eventId, placings, publishedAt: now(), publishedByUserId: actor.id };
    await tx
      .insert(publishedResults)
      .values(values)
      .onConflictDoUpdate({ target: publishedResults.eventId, set: values });
    const mailed = await mailAdvancements(tx, eventId, event.name, pending);
    await recordAudit(tx, actor, {
      action: 'publish',
      entity: 'results',
      entityId: eventId,
      before: before ? { event: event.name, placings: publicPlacings(before.placings) } : null,
      after: { event: event.name, placings: publicPlacings(placings), mailed },
    });
    return { placings: publicPlacings(placings), mailed };
  });
  contentChanged(contentTags.results);
  await pending.send(db);
  return outcome;
}

/** Takes an event's results off the public pages (the draft stays; mails already sent stay sent). */
export async function unpublishResults(db: Db, actor: Actor, eventId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await eventOrThrow(tx, eventId, true);
    const [removed] = await tx
      .delete(publishedResults)
      .where(eq(publishedResults.eventId, eventId))
      .returning();
    if (!removed) throw new AppError('conflict', 'The results of this event are not published.');
    await recordAudit(tx, actor, {
      action: 'unpublish',
      entity: 'results',
      entityId: eventId,
      before: { event: event.name, placings: removed.placings },
    });
  });
  contentChanged(contentTags.results);
}
