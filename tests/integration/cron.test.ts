import { inArray, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GET as announcementsCronGet,
  POST as announcementsCronPost,
} from '@/app/api/cron/announcements/route';
import { GET as mailCronGet, POST as mailCronPost } from '@/app/api/cron/mail/route';
import { GET as reconcileCronGet, POST as reconcileCronPost } from '@/app/api/cron/reconcile/route';
import { GET as waitingCronGet, POST as waitingCronPost } from '@/app/api/cron/waiting-lists/route';
import { POST as reconcileRoute } from '@/app/api/payment/reconcile/route';
import { isEmbedded, openDatabase, queryRows, withStartupLock } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { resetEnvForTests } from '@/lib/server/env';
import { deliverDueMail, sendMail, setMailTransportForTests } from '@/lib/server/mail/mail-service';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { call } from '../support/api';
import { freePort, startSmtp, transportTo } from '../support/smtp';
import { createScratchDatabase } from '../../scripts/scratch-database';
import { describeEachDatabase } from '../support/test-db';

const cronSecret = 'cron-secret-that-is-long-enough-for-tests';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wraps a transport so each send takes a while: concurrent runs then really overlap. */
function slowly(transport: Transporter, ms = 30): Transporter {
  return {
    sendMail: async (message: Parameters<Transporter['sendMail']>[0]) => {
      await sleep(ms);
      return transport.sendMail(message);
    },
  } as unknown as Transporter;
}

/** Outbox rows to `to`, one per subject, that failed once and are due for a retry now. */
function dueMail(to: string, subjects: string[]) {
  return subjects.map((subject) => ({
    to,
    subject,
    text: subject,
    attachments: [],
    state: 'pending' as const,
    attempts: 1,
    nextAttemptAt: new Date(Date.now() - 1000),
  }));
}

describeEachDatabase('scheduled jobs', (current) => {
  afterEach(() => {
    setMailTransportForTests(undefined);
    delete process.env.CRON_SECRET;
    resetEnvForTests();
  });

  describe('the cron endpoints', () => {
    const routes = [
      ['GET /api/cron/mail', mailCronGet, 'GET'],
      ['POST /api/cron/mail', mailCronPost, 'POST'],
      ['GET /api/cron/reconcile', reconcileCronGet, 'GET'],
      ['POST /api/cron/reconcile', reconcileCronPost, 'POST'],
      ['POST /api/payment/reconcile', reconcileRoute, 'POST'],
      ['GET /api/cron/waiting-lists', waitingCronGet, 'GET'],
      ['POST /api/cron/waiting-lists', waitingCronPost, 'POST'],
      ['GET /api/cron/announcements', announcementsCronGet, 'GET'],
      ['POST /api/cron/announcements', announcementsCronPost, 'POST'],
    ] as const;

    it.each(routes)('%s does not exist while CRON_SECRET is unset', async (_name, route, method) => {
      const answer = await call(route, { method, headers: { authorization: 'Bearer anything' } });
      expect(answer.status).toBe(404);
    });

    describe('with CRON_SECRET set', () => {
      beforeEach(() => {
        process.env.CRON_SECRET = cronSecret;
        resetEnvForTests();
      });

      it.each(routes)('%s refuses a missing or wrong secret', async (_name, route, method) => {
        expect((await call(route, { method })).status).toBe(401);
        const wrong = await call(route, { method, headers: { authorization: `Bearer ${cronSecret}x` } });
        expect(wrong.status).toBe(401);
        const bare = await call(route, { method, headers: { authorization: cronSecret } });
        expect(bare.status).toBe(401);
      });

      it.each(routes)('%s runs its job for the right secret', async (_name, route, method) => {
        const answer = await call<{ data: Record<string, unknown> }>(route, {
          method,
          headers: { authorization: `Bearer ${cronSecret}` },
        });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        expect(answer.body.data).toEqual(
          route === mailCronGet || route === mailCronPost
            ? { sent: 0, failed: 0 }
            : route === waitingCronGet || route === waitingCronPost
              ? { lapsed: 0, offered: 0 }
              : route === announcementsCronGet || route === announcementsCronPost
                ? {
                    announcementsSent: 0,
                    bannersEnded: 0,
                    remindersQueued: 0,
                    pushes: { delivered: 0, failed: 0, gone: 0, retried: 0 },
                    mail: { sent: 0, failed: 0 },
                  }
                : expect.objectContaining({ checked: expect.any(Number), errors: 0 }),
        );
      });

      it('delivers due mail when the cron calls', async () => {
        const port = await freePort();
        const smtp = await startSmtp(port);
        try {
          setMailTransportForTests(transportTo(port));
          const { db } = current();
          const [row] = await db
            .insert(mailOutbox)
            .values({
              to: 'cron@example.com',
              subject: 'Due by cron',
              text: 'x',
              attachments: [],
              state: 'pending',
              attempts: 1,
              nextAttemptAt: new Date(Date.now() - 1000),
            })
            .returning();
          const answer = await call(mailCronGet, { headers: { authorization: `Bearer ${cronSecret}` } });
          expect(answer.body).toMatchObject({ data: { sent: 1, failed: 0 } });
          expect(smtp.received.map((m) => m.to[0])).toEqual(['cron@example.com']);
          const [sent] = await db
            .select()
            .from(mailOutbox)
            .where(inArray(mailOutbox.id, [row!.id]));
          expect(sent).toMatchObject({ state: 'sent', attempts: 2 });
        } finally {
          await smtp.stop();
        }
      });
    });
  });

  describe('several runners at once', () => {
    it('two concurrent retry runs send each due message exactly once', async () => {
      const port = await freePort();
      const smtp = await startSmtp(port);
      try {
        setMailTransportForTests(slowly(transportTo(port)));
        const { db } = current();
        const subjects = Array.from({ length: 12 }, (_, i) => `Concurrent ${i}`);
        const rows = await db
          .insert(mailOutbox)
          .values(dueMail('many@example.com', subjects))
          .returning({ id: mailOutbox.id });
        const runs = await Promise.all([deliverDueMail(db, 8), deliverDueMail(db, 8)]);
        // A third run after both: whatever the first two left due (the batches cap at 8) goes now.
        runs.push(await deliverDueMail(db, 8));
        expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(subjects.length);
        const received = smtp.received.map((m) => /Subject: (.*)/.exec(m.raw)?.[1]?.trim()).sort();
        expect(received).toEqual([...subjects].sort());
        const stored = await db
          .select()
          .from(mailOutbox)
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          );
        expect(stored.every((r) => r.state === 'sent' && r.attempts === 2)).toBe(true);
      } finally {
        await smtp.stop();
      }
    });

    it('on PostgreSQL, a retry run skips messages another runner has locked, without waiting', async (ctx) => {
      const { db } = current();
      if (isEmbedded(db)) ctx.skip();
      const sent: string[] = [];
      setMailTransportForTests({
        sendMail: async (message: { subject: string }) => {
          sent.push(message.subject);
          return {};
        },
      } as unknown as Transporter);
      const rows = await db
        .insert(mailOutbox)
        .values(dueMail('locks@example.com', ['Locked elsewhere', 'Free to send']))
        .returning();
      const locked = rows.find((r) => r.subject === 'Locked elsewhere')!;
      // Another instance in the middle of its claim: it holds the row lock until its transaction ends.
      await db.transaction(async (tx) => {
        await queryRows(tx, sql`select id from mail_outbox where id = ${locked.id} for update`);
        expect(await deliverDueMail(db)).toMatchObject({ sent: 1, failed: 0 });
      });
      expect(sent).toEqual(['Free to send']);
      expect(await deliverDueMail(db)).toMatchObject({ sent: 1, failed: 0 });
      expect(sent).toEqual(['Free to send', 'Locked elsewhere']);
    });

    it('a retry run leaves alone a message whose first attempt is under way', async () => {
      const sent: string[] = [];
      setMailTransportForTests({
        sendMail: async (message: { subject: string }) => {
          sent.push(message.subject);
          await sleep(100);
          return {};
        },
      } as unknown as Transporter);
      const { db } = current();
      const first = sendMail(db, { to: 'once@example.com', subject: 'Only once', text: 'x' });
      await sleep(20);
      await deliverDueMail(db);
      await first;
      await deliverDueMail(db);
      expect(sent.filter((s) => s === 'Only once')).toEqual(['Only once']);
    });

    it('two reconciliation runs at once: the second skips', async () => {
      const { db } = current();
      const [a, b] = await Promise.all([reconcilePayments(db), reconcilePayments(db)]);
      expect([a.skipped, b.skipped].filter(Boolean)).toHaveLength(1);
      expect((await reconcilePayments(db)).skipped).toBeUndefined();
    });

    it('on PostgreSQL, a run in another process (holding the lock) makes reconciliation skip', async (ctx) => {
      const { db } = current();
      if (isEmbedded(db)) ctx.skip();
      await db.transaction(async (tx) => {
        await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('festival:payments-reconcile'))`);
        expect((await reconcilePayments(db)).skipped).toBe(true);
      });
      expect((await reconcilePayments(db)).skipped).toBeUndefined();
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('instances starting at once [postgres]', () => {
  it('take turns to migrate a fresh database', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'festival_test_');
    const instances = [1, 2, 3].map(() => openDatabase({ url: scratch.url }));
    try {
      await Promise.all(instances.map((d) => withStartupLock(d.db, () => d.migrate())));
      const [row] = await queryRows<{ n: number }>(
        instances[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(row!.n).toBeGreaterThan(0);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await scratch.drop();
    }
  });
});
