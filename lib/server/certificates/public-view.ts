import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { certificates } from '@/lib/server/db/schema';
import type { PublicCertificate } from '@/lib/schemas/certificate-rules';
import { isCertificateIdShape } from './ids';

export type { PublicCertificate };

type CertificateRow = typeof certificates.$inferSelect;

export function publicCertificate(row: CertificateRow): PublicCertificate {
  const status = row.revokedAt ? 'revoked' : row.replacedById ? 'replaced' : 'valid';
  return {
    id: row.id,
    kind: row.kind,
    recipientName: row.recipientName,
    college: row.college,
    title: row.title,
    eventName: row.eventName,
    issuedAt: row.issuedAt.toISOString(),
    status,
    ...(row.revokedAt
      ? { revokedAt: row.revokedAt.toISOString(), revokedReason: row.revokedReason ?? '' }
      : {}),
    ...(row.replacedById ? { replacedBy: row.replacedById } : {}),
  };
}

/** A certificate by its public id, or null (a malformed id never reaches the database). */
export async function findCertificate(db: Db, id: string): Promise<CertificateRow | null> {
  if (!isCertificateIdShape(id)) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row ?? null;
}

/** The signed-in person's certificates, newest first (the profile). */
export async function myCertificates(db: Db, userId: string): Promise<PublicCertificate[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt));
  return rows.map(publicCertificate);
}
