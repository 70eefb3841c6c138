import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { certificatePdfs, certificates } from '@/lib/server/db/schema';
import { renderCertificatePdf, type PrintedCertificate } from './render-pdf';

type CertificateRow = typeof certificates.$inferSelect;

// A small bounded LRU in front of the shared table: only a speed-up, the table is what every instance shares.
const lruSize = 64;
const lru = new Map<string, Buffer>();

function remember(id: string, pdf: Buffer): void {
  lru.delete(id);
  lru.set(id, pdf);
  if (lru.size > lruSize) lru.delete(lru.keys().next().value as string);
}

/**
 * A certificate's PDF: from memory, else the table, else rendered once and stored (first writer wins, across
 * instances; within one, a rendering under way is shared).
 */
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
  let rendering = inFlight.get(row.id);
  if (!rendering) {
    rendering = inTurn(() => renderCertificatePdf(row))
      .then(async (bytes) => {
        const pdf = Buffer.from(bytes);
        await db.insert(certificatePdfs).values({ certificateId: row.id, pdf }).onConflictDoNothing();
        remember(row.id, pdf);
        return pdf;
      })
      .finally(() => inFlight.delete(row.id));
    inFlight.set(row.id, rendering);
  }
  return rendering;
}

/** Renderings under way in this process, by certificate: a second request for one waits for the first. */
const inFlight = new Map<string, Promise<Buffer>>();

/*
 * Renderings run one at a time, in the order asked. A rendering is a few milliseconds of CPU in a chain of
 * awaits; run side by side, twenty of them advance a step each in turn and all finish together at the end,
 * with the unlucky ones later still (a burst's p99 was four times its median). In turn, each waits for
 * those asked before it and no more.
 */
let lastTurn: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = lastTurn.then(work, work);
  lastTurn = turn.catch(() => undefined);
  return turn;
}

/*
 * A fresh process's first forty or so renderings cost about twice the later ones while V8 optimises pdf-lib
 * and fontkit, and a burst of first renderings (everyone opening the mail that says their certificates are
 * out) would meet exactly that. So a server renders throwaway certificates soon after it starts, each in its
 * turn like a real one and with a pause between them, so that a request arriving meanwhile waits for one
 * rendering at most. Names in Latin, Devanagari and Gujarati letters take each shaper's path.
 */
const warmUpNames = ['Warm Up', 'वार्म अप', 'વોર્મ અપ'];

export async function warmUpRenderer(renderings = 40): Promise<void> {
  for (let i = 0; i < renderings; i++) {
    const sample: PrintedCertificate = {
      id: `warm-up-${i}`,
      kind: i % 2 ? 'merit' : 'participation',
      recipientName: `${warmUpNames[i % warmUpNames.length]!} ${i}`,
      college: 'Warm-up College',
      title: `Warm-up ${i}`,
      issuedAt: new Date(),
    };
    await inTurn(() => renderCertificatePdf(sample));
    await new Promise((resolve) => setImmediate(resolve));
  }
}
