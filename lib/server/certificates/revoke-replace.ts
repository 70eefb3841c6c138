import 'server-only';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { certificates, users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { fullNameSql } from './eligibility';
import { newCertificateId } from './ids';

async function lockCurrent(tx: Tx, id: string) {
  const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'No such certificate.');
  if (row.revokedAt || row.replacedById)
    throw new AppError('conflict', 'This certificate is already revoked or replaced.');
  return row;
}

/** Revokes a current certificate; the reason is shown on its public page. */
export async function revokeCertificate(db: Db, actor: Actor, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockCurrent(tx, id);
    const revokedAt = new Date();
    await tx.update(certificates).set({ revokedAt, revokedReason: reason }).where(eq(certificates.id, id));
    await recordAudit(tx, actor, {
      action: 'certificates.revoke',
      entity: 'certificate',
      entityId: id,
      before: { status: 'valid' },
      after: { status: 'revoked', reason, recipientName: row.recipientName },
    });
  });
}

/**
 * Issues a copy of a current certificate under the person's current name and college and points the old
 * one at it. The old row stops being current first, so the unique index accepts the new one.
 */
async function replaceWithin(tx: Tx, id: string, issuedBy: string | null): Promise<string> {
  const old = await lockCurrent(tx, id);
  if (!old.userId) throw new AppError('conflict', 'This certificate is already revoked or replaced.');
  const [person] = await tx
    .select({ name: fullNameSql, college: users.college })
    .from(users)
    .where(eq(users.id, old.userId));
  if (!person) throw new AppError('not_found', 'No such certificate.');
  const newId = newCertificateId();
  await tx.update(certificates).set({ replacedById: newId }).where(eq(certificates.id, id));
  await tx.insert(certificates).values({
    ...old,
    id: newId,
    recipientName: person.name,
    college: person.college,
    issuedAt: new Date(),
    issuedByUserId: issuedBy,
    revokedAt: null,
    revokedReason: null,
    replacedById: null,
  });
  return newId;
}

/** The console's replace: a corrected name (the person's current one) on a new certificate, audited. */
export async function replaceCertificate(db: Db, actor: Actor, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const newId = await replaceWithin(tx, id, actor.id);
    await recordAudit(tx, actor, {
      action: 'certificates.replace',
      entity: 'certificate',
      entityId: id,
      after: { replacedBy: newId },
    });
    return newId;
  });
}

/**
 * The person's current certificates that print a name or college no longer theirs: the ones a replacement
 * after their own correction reissues.
 */
export async function outdatedCertificates(db: Db | Tx, userId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: certificates.id })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(
      and(
        eq(certificates.userId, userId),
        isNull(certificates.revokedAt),
        isNull(certificates.replacedById),
        or(
          sql`${certificates.recipientName} <> ${fullNameSql}`,
          sql`${certificates.college} <> ${users.college}`,
        ),
      ),
    )
    .orderBy(certificates.issuedAt);
}

/**
 * Called in the transaction of a person's own correction, after it has locked their account row: each
 * current certificate of theirs printed under an old name or college is replaced, through the console's
 * replacement, by one with the current ones (the old one's public page then says it was replaced). One
 * already in the current name is left alone, so a repeat replaces nothing. Returns old and new ids.
 */
export async function replaceCertificatesAfterNameChange(
  tx: Tx,
  userId: string,
): Promise<{ oldId: string; newId: string }[]> {
  const replaced: { oldId: string; newId: string }[] = [];
  for (const c of await outdatedCertificates(tx, userId)) {
    replaced.push({ oldId: c.id, newId: await replaceWithin(tx, c.id, userId) });
  }
  return replaced;
}
