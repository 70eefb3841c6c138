import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { certificates } from '@/lib/server/db/schema';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { queueMailsForRetryLoop } from '@/lib/server/mail/mail-service';
import { certificateMail } from './certificate-mail';
import { eligiblePeople, type CertificateTarget, type EligiblePerson } from './eligibility';
import { newCertificateId } from './ids';

export interface IssueOutcome {
  eligible: number;
  issued: number;
  alreadyHeld: number;
}

/** The current certificates' holders of a kind and event (not revoked, not replaced). */
export async function currentHolders(db: Db | Tx, target: CertificateTarget): Promise<Set<string>> {
  const rows = await db
    .select({ userId: certificates.userId })
    .from(certificates)
    .where(
      and(
        eq(certificates.kind, target.kind),
        sql`coalesce(${certificates.eventId}, 0) = ${target.eventId ?? 0}`,
        isNull(certificates.revokedAt),
        isNull(certificates.replacedById),
      ),
    );
  return new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
}

// Twelve columns a row: 4,000 rows stay under PostgreSQL's 65,535 bound parameters.
const rowsPerStatement = 4000;

/**
 * Inserts certificates for these people in bulk; the unique index `certificates_current` drops anyone who
 * already holds a current one (ON CONFLICT DO NOTHING), so two organisers issuing at once issue each person
 * one. Returns the rows actually inserted.
 */
export async function insertCertificates(
  tx: Tx,
  target: CertificateTarget,
  people: EligiblePerson[],
  issuedBy: string | null,
) {
  const inserted: (typeof certificates.$inferSelect)[] = [];
  for (let i = 0; i < people.length; i += rowsPerStatement) {
    const chunk = people.slice(i, i + rowsPerStatement);
    if (chunk.length === 0) continue;
    const rows = await tx
      .insert(certificates)
      .values(
        chunk.map((p) => ({
          id: newCertificateId(),
          kind: target.kind,
          userId: p.userId,
          eventId: target.eventId ?? null,
          recipientName: p.recipientName,
          college: p.college,
          title: p.title,
          eventName: p.eventName,
          place: p.place,
          mention: p.mention,
          issuedByUserId: issuedBy,
        })),
      )
      .onConflictDoNothing()
      .returning();
    inserted.push(...rows);
  }
  return inserted;
}

/**
 * Issues one event's (or the team's, or the volunteers') certificates in one transaction: one bulk insert,
 * one bulk outbox insert (each newly issued person mailed once, with the verify link), one audit row.
 */
export async function issueCertificates(
  db: Db,
  actor: Actor,
  target: CertificateTarget,
): Promise<IssueOutcome> {
  return db.transaction(async (tx) => {
    const people = await eligiblePeople(tx, target);
    const held = await currentHolders(tx, target);
    const fresh = people.filter((p) => !held.has(p.userId));
    const inserted = await insertCertificates(tx, target, fresh, actor.id);
    const emailOf = new Map(fresh.map((p) => [p.userId, p.email]));
    await queueMailsForRetryLoop(
      tx,
      inserted.flatMap((c) => {
        const email = c.userId ? emailOf.get(c.userId) : undefined;
        return email ? [certificateMail(email, c)] : [];
      }),
    );
    const outcome = {
      eligible: people.length,
      issued: inserted.length,
      alreadyHeld: people.length - inserted.length,
    };
    await recordAudit(tx, actor, {
      action: 'certificates.issue',
      entity: 'certificates',
      entityId: target.eventId ? `${target.kind}:${target.eventId}` : target.kind,
      after: outcome,
    });
    return outcome;
  });
}
