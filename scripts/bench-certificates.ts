// npm run bench:certificates: issue an event's certificates to P people at once, then fetch F of their PDFs
// C at a time, first renderings and then cached ones. Prints the issuing time and each pass's p50 and p99.
//
//   DATABASE_URL=postgres://…/any npm run bench:certificates [-- --people=5000 --pdfs=500 --concurrency=20]
//
// DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL server its own scratch database is made on (and
// dropped from afterwards); without either it runs on an in-memory PGlite. It measures the service layer
// the routes call (issueCertificates, certificatePdf) in this process, not HTTP: the public PDF route only
// adds its id check, a rate-limit row and the response around certificatePdf, and a benchmark from one
// address would be stopped by that very limit.
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { certificates, events, participationOptions } from '@/lib/server/db/schema';
import { issueCertificates } from '@/lib/server/certificates/issue';
import { certificatePdf, warmUpRenderer } from '@/lib/server/certificates/pdf-cache';
import { optionOf } from './bench-context';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

const args = process.argv.slice(2);
function whole(name: string, fallback: number): number {
  const value = Number(optionOf(args, name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number above 0`);
  return value;
}
const people = whole('people', 5000);
const pdfs = Math.min(whole('pdfs', 500), people - 1);
const concurrency = whole('concurrency', 20);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Fetches every certificate's PDF, `concurrency` at a time; answers each one's time from call to bytes. */
async function fetchAll(db: Database['db'], rows: (typeof certificates.$inferSelect)[]): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  async function worker() {
    while (next < rows.length) {
      const row = rows[next++]!;
      const started = performance.now();
      const pdf = await certificatePdf(db, row);
      times.push(performance.now() - started);
      if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`certificate ${row.id}: not a PDF`);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times.sort((a, b) => a - b);
}

async function main() {
  const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let scratch: ScratchDatabase | undefined;
  let database: Database;
  if (server) {
    scratch = await createScratchDatabase(server, 'festival_bench_certificates_');
    database = openDatabase({ url: scratch.url });
  } else {
    database = openDatabase({ dataDir: 'memory' });
  }
  try {
    await database.migrate();
    const { db } = database;
    await seedIfEmpty(db);
    const [category] = await db.query.eventCategories.findMany({ limit: 1 });
    const [event] = await db
      .insert(events)
      .values({
        categoryId: category!.id,
        name: 'Bench Quiz',
        imageUrl: '/images/events/robot-arena.svg',
        description: 'The certificates benchmark.',
        poc1Name: 'Bench',
        poc1PhoneNo: '9000000000',
        participationProof: 'registration',
      })
      .returning();
    const [option] = await db
      .insert(participationOptions)
      .values({ eventId: event!.id, participationName: 'Solo', price: 0 })
      .returning();
    // P people, each with a confirmed solo registration, made in three statements.
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, phone_number, dob, gender, college, verified)
      select 'bench' || g || '@example.com', 'x', 'Student', 'Number ' || g, '9000000000', '2002-01-01', 'other',
             'Bench College', true
      from generate_series(1, ${people}) g`);
    await db.execute(sql`
      insert into registrations (event_id, participation_id, leader_user_id)
      select ${event!.id}, ${option!.id}, id from users where email like 'bench%@example.com'`);
    await db.execute(sql`
      insert into registration_members (registration_id, event_id, user_id, is_leader)
      select id, event_id, leader_user_id, true from registrations where event_id = ${event!.id}`);

    const actor = { id: null, email: 'bench@example.com' };
    const started = performance.now();
    const outcome = await issueCertificates(db, actor, { kind: 'participation', eventId: event!.id });
    const issuing = performance.now() - started;
    if (outcome.issued !== people) throw new Error(`issued ${outcome.issued} of ${people}`);

    const rows = await db
      .select()
      .from(certificates)
      .where(eq(certificates.eventId, event!.id))
      .limit(pdfs + 1);
    // Before the clock starts (not counted), the state of a server a few seconds after its start: the
    // renderer warmed as startServer warms it (the fonts read and parsed, the code optimised) and the pool's
    // connections open, as many as the requests that will run at once (opening them in the first wave
    // measured PostgreSQL's log-ins).
    rows.pop();
    await warmUpRenderer();
    await Promise.all(Array.from({ length: concurrency }, () => db.execute(sql`select pg_sleep(0.05)`)));
    const first = await fetchAll(db, rows);
    const cached = await fetchAll(db, rows);
    const where = server ? 'PostgreSQL (scratch database)' : 'PGlite in memory';
    console.log(`bench:certificates on ${where}, service layer in this process`);
    console.log(`issued ${people} certificates (one mail each) in ${ms(issuing)}`);
    console.log(
      `first renderings: ${rows.length} PDFs, ${concurrency} at a time: p50 ${ms(percentile(first, 50))}, p99 ${ms(percentile(first, 99))}`,
    );
    console.log(
      `cached: ${rows.length} PDFs, ${concurrency} at a time: p50 ${ms(percentile(cached, 50))}, p99 ${ms(percentile(cached, 99))}`,
    );
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
