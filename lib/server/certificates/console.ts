import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { certificates, eventCategories, events, publishedResults } from '@/lib/server/db/schema';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { AppError } from '@/lib/server/http/app-error';
import type { ParticipationProof } from '@/lib/schemas/certificate-rules';
import { eligiblePeople, type CertificateTarget } from './eligibility';
import { currentHolders } from './issue';
import { publicCertificate } from './public-view';

/** The console's view of one target: who is eligible, how many hold one, and the issued list. */
export async function certificateOverview(db: Db, target: CertificateTarget) {
  const people = await eligiblePeople(db, target);
  const held = await currentHolders(db, target);
  const issued = await db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.kind, target.kind),
        sql`coalesce(${certificates.eventId}, 0) = ${target.eventId ?? 0}`,
      ),
    )
    .orderBy(desc(certificates.issuedAt))
    .limit(1000);
  return {
    eligible: people.length,
    toIssue: people.filter((p) => !held.has(p.userId)).length,
    issuedCount: held.size,
    sample: people
      .slice(0, 20)
      .map((p) => ({ recipientName: p.recipientName, college: p.college, title: p.title })),
    issued: issued.map(publicCertificate),
  };
}

/** Sets what counts as participation for an event, audited. */
export async function setParticipationProof(
  db: Db,
  actor: Actor,
  eventId: number,
  proof: ParticipationProof,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ proof: events.participationProof })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!before) throw new AppError('not_found', 'No such event.');
    await tx.update(events).set({ participationProof: proof }).where(eq(events.id, eventId));
    await recordAudit(tx, actor, {
      action: 'events.participation_proof',
      entity: 'event',
      entityId: eventId,
      before,
      after: { proof },
    });
  });
}

/** The events the console offers certificates for, with what counts as participation in each. */
export async function certificateEvents(db: Db) {
  return db
    .select({
      id: events.id,
      name: events.name,
      categoryName: eventCategories.name,
      participationProof: events.participationProof,
      resultsPublished: sql<boolean>`exists (select 1 from ${publishedResults} where ${publishedResults.eventId} = ${events.id})`,
    })
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .orderBy(asc(eventCategories.position), asc(eventCategories.id), asc(events.position), asc(events.id));
}
