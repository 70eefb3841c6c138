// npm run bench:announce: an announcement to R people (10,000), by push and mail, through the production
// build on N instances (2) that share the work. Each person has one device at a local push service
// stand-in (scripts/push-sink.ts) and a mailbox at a local SMTP server (e2e-cluster/support/smtp-sink.ts).
// Halfway through the pushes one instance is killed (SIGKILL, no shutdown); the other carries on, and
// what the dead one held under lease goes out once the lease has passed. Prints the time to queue (the
// organiser's send, answered once every message is queued), the push and mail send rates, how long the
// whole took, and the duplicates: a device given the same message twice (same Topic), a mailbox given the
// same mail twice (same Message-ID, and separately any second copy at all). Writes docs/performance.md.
//
//   npm run build && DATABASE_URL=postgres://…/any npm run bench:announce [-- options]
//
// DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL server its database is made on (dropped
// afterwards); without either it starts one of its own (scripts/bench-database.ts). Ports: the instances
// from BASE_PORT (28540), nginx on PROXY_PORT (28550), the push sink on PUSH_PORT (28551), SMTP on
// SMTP_PORT (28552).
//
// Options: --recipients=R (10000), --instances=N (2), --mail-rate=M mails a minute for all instances
// together (MAIL_RATE_PER_MINUTE; 60000), --push-delay=D ms the push sink takes to answer (20), --no-kill,
// --no-write (print only), --note="…".
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { signToken } from '@/lib/server/auth/jwt';
import { connectPostgres } from '@/lib/server/db/postgres-url';
import { startSmtpSink } from '../e2e-cluster/support/smtp-sink';
import { gitCommit, optionOf, productionBuildId, wholeOption } from './bench-context';
import { databaseServer } from './bench-database';
import { intFromEnv, previewEnv, startCluster } from './cluster-lib';
import { performanceDoc, writeSection } from './performance-doc';
import { pushDuplicates, startPushSink } from './push-sink';
import { createScratchDatabase } from './scratch-database';

const args = process.argv.slice(2);
const whole = (name: string, fallback: number) => wholeOption(args, 'bench:announce', name, fallback);
const recipients = whole('recipients', 10_000);
const instances = whole('instances', 2);
const mailRate = whole('mail-rate', 60_000);
const pushDelayMs = whole('push-delay', 20);
const kill = !args.includes('--no-kill');
const write = !args.includes('--no-write');
const note = optionOf(args, 'note') ?? '';
/** Longest wait for the last message: the leases of a killed instance (5 minutes for mail) and then some. */
const finishTimeoutMs = 9 * 60_000;

process.env.JWT_SECRET ??= 'bench-secret-that-is-long-enough-for-hs256-signing';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Sql = ReturnType<typeof connectPostgres>;

/** R verified people with one device each (a real P-256 key, so the site really encrypts), and an organiser. */
async function createPeople(sql: Sql, count: number, pushUrl: string) {
  const run = crypto.randomBytes(3).toString('hex');
  for (let from = 0; from < count; from += 1000) {
    const people = [];
    const devices = [];
    for (let i = from; i < Math.min(count, from + 1000); i += 1) {
      const id = crypto.randomUUID();
      people.push({
        id,
        email: `announce.${run}.${i}@example.com`,
        password_hash: 'bench-announce:no-login',
        first_name: 'Listener',
        last_name: `${i}`,
        phone_number: '9876543210',
        dob: '2000-01-01',
        gender: 'other',
        college: 'Benchmark College',
        role: 'user',
        verified: true,
      });
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      devices.push({
        user_id: id,
        endpoint: `${pushUrl}/push/d${i}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: crypto.randomBytes(16).toString('base64url'),
        device: 'Chrome on Android',
      });
    }
    await sql`insert into users ${sql(people)}`;
    await sql`insert into push_subscriptions ${sql(devices)}`;
  }
  const organiserId = crypto.randomUUID();
  const email = `announce.${run}.organiser@example.com`;
  await sql`insert into users ${sql({
    id: organiserId,
    email,
    password_hash: 'bench-announce:no-login',
    first_name: 'Bench',
    last_name: 'Organiser',
    phone_number: '9876543210',
    dob: '2000-01-01',
    gender: 'other',
    college: 'Benchmark College',
    role: 'organiser',
    verified: true,
  })}`;
  return signToken({ userId: organiserId, email, role: 'organiser', tv: 0 });
}

async function main() {
  const server = await databaseServer('festival-announce-pg-');
  const cleanup: (() => Promise<void>)[] = [server.stop];
  const stopAll = async () => {
    for (const step of cleanup.reverse().splice(0)) await step().catch(() => {});
  };
  const interrupted = new AbortController();
  process.once('SIGINT', () => {
    interrupted.abort();
    void stopAll().then(() => process.exit(130));
  });
  try {
    const scratch = await createScratchDatabase(server.url, 'festival_announce_');
    cleanup.push(() => scratch.drop());
    const pushSink = await startPushSink(intFromEnv('PUSH_PORT', 28551), pushDelayMs);
    cleanup.push(() => pushSink.stop());
    const smtp = await startSmtpSink({ port: intFromEnv('SMTP_PORT', 28552) });
    cleanup.push(() => smtp.close());
    const vapid = webpush.generateVAPIDKeys();
    const cluster = await startCluster({
      databaseUrl: scratch.url,
      instances,
      basePort: intFromEnv('BASE_PORT', 28540),
      proxyPort: intFromEnv('PROXY_PORT', 28550),
      seed: true,
      dataRoot: path.join('.data', 'cluster-announce'),
      signal: interrupted.signal,
      env: previewEnv(process.env.JWT_SECRET!, {
        SMTP_URL: smtp.url,
        MAIL_RATE_PER_MINUTE: String(mailRate),
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:bench@aetherfest.example',
      }),
    });
    cleanup.push(() => cluster.stop());
    const sql = connectPostgres(scratch.url, { max: 2, onnotice: () => {} });
    cleanup.push(() => sql.end({ timeout: 5 }));

    console.log(`Creating ${recipients} people, each with a device …`);
    const token = await createPeople(sql, recipients, pushSink.url);
    const [{ everyone } = { everyone: 0 }] = await sql<{ everyone: number }[]>`
      select count(*)::int as everyone from users where verified`;

    const loadBefore = os.loadavg().map((l) => l.toFixed(2));
    const sendStarted = Date.now();
    const answer = await fetch(
      `${cluster.proxyUrl.replace('localhost', '127.0.0.1')}/api/admin/announcements`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: 'Pronite gates open at 6',
          body: 'The gates of the pronite open an hour early tonight. Bring your pass.',
          link: '/pronite',
          audience: { kind: 'everyone' },
          channels: ['push', 'mail'],
        }),
      },
    );
    const queuedMs = Date.now() - sendStarted;
    const sent = (await answer.json()) as { message: string; data?: { id: string; recipients: number } };
    if (answer.status !== 201 || !sent.data)
      throw new Error(`the send answered ${answer.status}: ${sent.message}`);
    console.log(`${sent.message} Queued in ${queuedMs} ms.`);

    let killedAt: number | null = null;
    let pushesAtKill = 0;
    let mailsAtKill = 0;
    const finishBy = Date.now() + finishTimeoutMs;
    for (;;) {
      await sleep(500);
      if (kill && killedAt === null && pushSink.total() >= everyone / 2) {
        pushesAtKill = pushSink.total();
        mailsAtKill = smtp.delivered.length;
        killedAt = Date.now();
        await cluster.kill(0);
        console.log(
          `Instance 1 killed after ${pushesAtKill} pushes (${seconds(killedAt - sendStarted)} in).`,
        );
      }
      const [left] = await sql<{ pushes: number; mails: number }[]>`
        select (select count(*)::int from push_queue where key = ${`announcement:${sent.data.id}`} and state = 'pending') as pushes,
               (select count(*)::int from mail_outbox where state = 'pending') as mails`;
      console.log(
        `… ${pushSink.total()} pushes and ${smtp.delivered.length} mails received; ${left!.pushes} pushes and ${left!.mails} mails left`,
      );
      if (left!.pushes === 0 && left!.mails === 0) break;
      if (Date.now() > finishBy) throw new Error('messages still queued after 9 minutes');
    }
    const doneMs = Date.now() - sendStarted;
    const loadAfter = os.loadavg().map((l) => l.toFixed(2));

    const pushDup = pushDuplicates(pushSink);
    const byMessageId = new Map<string, number>();
    const bySubject = new Map<string, number>();
    for (const mail of smtp.delivered) {
      for (const to of mail.recipients) {
        byMessageId.set(`${to} ${mail.messageId}`, (byMessageId.get(`${to} ${mail.messageId}`) ?? 0) + 1);
        bySubject.set(to, (bySubject.get(to) ?? 0) + 1);
      }
    }
    const sameMessageId = [...byMessageId.values()].filter((n) => n > 1).length;
    const secondCopies = [...bySubject.values()].reduce((extra, n) => extra + Math.max(0, n - 1), 0);
    const mailTimes = smtp.delivered.map((m) => m.receivedAt);
    const mailSpan = mailTimes.length > 1 ? Math.max(...mailTimes) - Math.min(...mailTimes) : 0;
    const pushSpan = (pushSink.lastAt ?? 0) - (pushSink.firstAt ?? 0);
    /** Messages a second while both instances worked (up to the kill), or over the whole run without one. */
    const rateUntilKill = (count: number, first: number | null) =>
      killedAt !== null && first !== null && killedAt > first
        ? `${Math.round((count / (killedAt - first)) * 1000)}/s`
        : '-';
    const firstMailAt = mailTimes.length > 0 ? Math.min(...mailTimes) : null;
    const [log] = await sql<{ delivered: number; mailed: number }[]>`
      select (select count(distinct user_id)::int from push_queue where key = ${`announcement:${sent.data.id}`} and state = 'delivered') as delivered,
             (select count(*)::int from announcement_deliveries d join mail_outbox m on m.id = d.mail_id
               where d.announcement_id = ${sent.data.id} and m.state = 'sent') as mailed`;

    const conditions = [
      `Run on ${new Date().toISOString().slice(0, 10)} at ${gitCommit()} (build ${productionBuildId()}), ${os.cpus().length} cores, load ${loadBefore.join(' ')} before and ${loadAfter.join(' ')} after.`,
      `${instances} production instances behind nginx on one PostgreSQL (${server.origin}); ${sent.data.recipients} recipients (${recipients} made for the run), each with one device; the push service stand-in answers after ${pushDelayMs} ms; SMTP on loopback; MAIL_RATE_PER_MINUTE ${mailRate}.`,
      kill
        ? `Instance 1 was killed with SIGKILL after ${pushesAtKill} pushes; instance 2 finished the work, taking over the rows the dead one held once their lease had passed (3 minutes for pushes, 5 for mail).`
        : 'No instance was killed.',
      ...(note ? [`Also: ${note}`] : []),
    ].join('\n');
    const table = [
      '| | pushes | mails |',
      '| --- | --- | --- |',
      `| received | ${pushSink.total()} | ${smtp.delivered.length} |`,
      `| delivered in the log | ${log!.delivered} | ${log!.mailed} |`,
      `| first to last | ${seconds(pushSpan)} | ${seconds(mailSpan)} |`,
      `| rate over first to last | ${pushSpan > 0 ? Math.round((pushSink.total() / pushSpan) * 1000) : '-'}/s | ${mailSpan > 0 ? Math.round((smtp.delivered.length / mailSpan) * 1000) : '-'}/s |`,
      ...(kill
        ? [
            `| received before the kill | ${pushesAtKill} | ${mailsAtKill} |`,
            `| rate with both instances, up to the kill | ${rateUntilKill(pushesAtKill, pushSink.firstAt)} | ${rateUntilKill(mailsAtKill, firstMailAt)} |`,
          ]
        : []),
      `| same message twice to one device / mailbox | ${pushDup.devices} | ${sameMessageId} |`,
      `| any second copy | ${pushDup.extra} | ${secondCopies} |`,
      `| malformed | ${pushSink.malformed} | - |`,
    ].join('\n');
    const summary = `Time to queue (the organiser's send, answered once everything was queued): ${queuedMs} ms. Everything delivered ${seconds(doneMs)} after the send.`;
    console.log(`\n${conditions}\n\n${summary}\n\n${table}`);
    if (write) {
      writeSection(
        kill ? 'announce' : 'announce-no-kill',
        `## An announcement to ${recipients.toLocaleString('en-IN')} people (\`npm run bench:announce${kill ? '' : ' -- --no-kill'}\`)\n\n${conditions}\n\n${summary}\n\n${table}`,
      );
      console.log(`\nWritten to ${performanceDoc}`);
    }
  } finally {
    await stopAll();
  }
}

main().catch((error: unknown) => {
  console.error('bench:announce:', error instanceof Error ? error.message : error);
  process.exit(1);
});
