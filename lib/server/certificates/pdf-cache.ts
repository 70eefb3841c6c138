import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { certificatePdfs, certificates } from '@/lib/server/db/schema';
import { renderCertificatePdf } from './render-pdf';

type CertificateRow = typeof certificates.$inferSelect;

// A small bounded LRU in front of the shared table: only a speed-up, the table is what every instance shares.
const lruSize = 64;
const lru = new Map<string, Buffer>();

function remember(id: string, pdf: Buffer): void {
  lru.delete(id);
  lru.set(id, pdf);
  if (lru.size > lruSize) lru.delete(lru.keys().next().value as string);
}

/** A certificate's PDF: from memory, else the table, else rendered once and stored (first writer wins). */
export async function certificatePdf(db: Db, row: CertificateRow): Promise<Buffer> {
  const cached = lru.get(row.id);
  if (cached) {
    remember(row.id, cached);
    return cached;
  }
  const [stored] = await db
    .select({ pdf: certificatePdfs.pdf })
    .from(certificatePdfs)
    .where(eq(certificatePdfs.certificateId, row.id));
  if (stored) {
    remember(row.id, stored.pdf);
    return stored.pdf;
  }
  const pdf = Buffer.from(await renderCertificatePdf(row));
  await db.insert(certificatePdfs).values({ certificateId: row.id, pdf }).onConflictDoNothing();
  remember(row.id, pdf);
  return pdf;
}
