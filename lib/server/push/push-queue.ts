import 'server-only';
import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { queryRows } from '@/lib/server/db/client';
import { pushQueue, pushSubscriptions } from '@/lib/server/db/schema';
import { logger } from '@/lib/server/log';
import { mapLimited } from '@/lib/server/map-limited';
import { countPush } from '@/lib/server/metrics/registry';
import { sendPush, type PushOutcome, type PushPayload } from './send-push';
import { vapidKeys } from './vapid';

/*
 * The push queue (docs/announcements.md): a message is written once per device, in the transaction that
 * decides it (an announcement's audience, a reminder, a timetable change), and sent by whichever instance
 * claims it first. The unique (key, subscription) keeps a message from being queued twice for a device;
 * the lease keeps two instances from sending the same row at once. Each row is marked (sending_at) just
 * before its request leaves and unmarked with the outcome: a row still marked once its lease has passed
 * was in flight when its sender died, and may have reached the device, so it is never sent again; it
 * fails with a reason the delivery log shows. Rows of a dead sender's batch that never left are sent.
 */

export const maxPushAttempts = 6;
/** A claimed batch belongs to its run this long; sends stop being started 30 s before it ends. */
export const pushLeaseMs = 3 * 60_000;
const leaseMarginMs = 30_000;
/** Requests in flight to the push services at once, per instance. */
const concurrency = 16;

/** Queues `payload` under `key` for every device of the people `userIds` selects (a subquery or a list). */
export async function queuePushes(
  tx: Db | Tx,
  message: { key: string; userIds: SQL | string[]; payload: PushPayload; expiresAt?: Date | null },
): Promise<number> {
  if (Array.isArray(message.userIds) && message.userIds.length === 0) return 0;
  const people = Array.isArray(message.userIds)
    ? sql.join(
        message.userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    : message.userIds;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    insert into push_queue (key, user_id, subscription_id, payload, expires_at)
    select ${message.key}, s.user_id, s.id, ${JSON.stringify(message.payload)}::jsonb, ${message.expiresAt?.toISOString() ?? null}::timestamptz
    from push_subscriptions s
    where s.user_id in (${people})
    on conflict (key, subscription_id) do nothing
    returning id`,
  );
  return rows.length;
}

type Claimed = typeof pushQueue.$inferSelect & {
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
};

export const diedMidSend =
  'Its sender stopped while sending it: it may have reached the device, so it is not sent again (nobody gets a message twice).';

/**
 * Claims up to `limit` due pushes for a lease, with SKIP LOCKED: runs on several instances take different
 * rows. A due row still marked as sending is a dead sender's (its lease has passed): it fails, unsent.
 */
async function claimDue(
  db: Db,
  limit: number,
  leaseEnds: Date,
): Promise<{ claimed: Claimed[]; abandoned: number }> {
  const { ids, abandoned } = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushQueue.id, sendingAt: pushQueue.sendingAt })
      .from(pushQueue)
      .where(and(eq(pushQueue.state, 'pending'), lte(pushQueue.nextAttemptAt, new Date())))
      .orderBy(pushQueue.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const inFlight = due.filter((d) => d.sendingAt !== null).map((d) => d.id);
    if (inFlight.length > 0) {
      await tx
        .update(pushQueue)
        .set({ state: 'failed', sendingAt: null, lastError: diedMidSend })
        .where(inArray(pushQueue.id, inFlight));
    }
    const claimed = due.filter((d) => d.sendingAt === null).map((d) => d.id);
    if (claimed.length > 0) {
      await tx.update(pushQueue).set({ nextAttemptAt: leaseEnds }).where(inArray(pushQueue.id, claimed));
    }
    return { ids: claimed, abandoned: inFlight.length };
  });
  if (abandoned > 0) {
    logger.warn({ abandoned }, 'pushes in flight when their sender stopped: failed, not sent again');
    countPush('failed', abandoned);
  }
  if (ids.length === 0) return { claimed: [], abandoned };
  const rows = await db
    .select({
      row: pushQueue,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushQueue)
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, pushQueue.subscriptionId))
    .where(inArray(pushQueue.id, ids));
  return {
    claimed: rows.map(({ row, endpoint, p256dh, auth }) => ({ ...row, endpoint, p256dh, auth })),
    abandoned,
  };
}

/** Seconds to wait after the n-th failed attempt: 10, 20, 40, ... capped at 10 minutes. */
export function pushRetryDelayMs(attempts: number): number {
  return Math.min(600, 10 * 2 ** Math.max(0, attempts - 1)) * 1000;
}

/**
 * Sends the pushes whose time has come, a batch at a time, until none is due or `budgetMs` has passed.
 * Safe on several instances and a cron at once. Returns how many the push services accepted and how many
 * ended otherwise (failed, or the device gone).
 */
export async function deliverDuePushes(
  db: Db,
  options: { batch?: number; budgetMs?: number } = {},
): Promise<{ delivered: number; failed: number; gone: number; retried: number }> {
  const totals = { delivered: 0, failed: 0, gone: 0, retried: 0 };
  const keys = vapidKeys();
  if (!keys) return totals;
  const batch = options.batch ?? 100;
  const stopAt = Date.now() + (options.budgetMs ?? 20_000);
  while (Date.now() < stopAt) {
    const leaseEnds = Date.now() + pushLeaseMs;
    const { claimed, abandoned } = await claimDue(db, batch, new Date(leaseEnds));
    totals.failed += abandoned;
    if (claimed.length === 0) {
      if (abandoned > 0) continue;
      break;
    }
    const outcomeOf = async (row: Claimed): Promise<PushOutcome | null> => {
      if (Date.now() > leaseEnds - leaseMarginMs) return null; // left for a later run
      if (!row.endpoint || !row.p256dh || !row.auth) {
        return { kind: 'gone', reason: 'The device turned notifications off.' };
      }
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
        return { kind: 'failed', reason: 'Not sent: its moment had passed.' };
      }
      await db.update(pushQueue).set({ sendingAt: new Date() }).where(eq(pushQueue.id, row.id));
      return sendPush(
        { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth },
        row.payload as PushPayload,
        keys,
      );
    };
    // Each outcome is written as soon as it is known: what a dead sender leaves marked is then only what
    // it had in flight, not the rest of its batch.
    await mapLimited(claimed, concurrency, async (row) => {
      await recordOutcomes(db, [row], [await outcomeOf(row)], totals);
    });
    if (claimed.length < batch) break;
  }
  return totals;
}

async function recordOutcomes(
  db: Db,
  rows: Claimed[],
  outcomes: (PushOutcome | null)[],
  totals: { delivered: number; failed: number; gone: number; retried: number },
): Promise<void> {
  const now = new Date();
  const delivered = rows.filter((_, i) => outcomes[i]?.kind === 'delivered');
  if (delivered.length > 0) {
    await db
      .update(pushQueue)
      .set({
        state: 'delivered',
        deliveredAt: now,
        attempts: sql`${pushQueue.attempts} + 1`,
        lastError: null,
      })
      .where(
        inArray(
          pushQueue.id,
          delivered.map((r) => r.id),
        ),
      );
    const devices = [
      ...new Set(delivered.map((r) => r.subscriptionId).filter((id): id is string => id !== null)),
    ];
    await db
      .update(pushSubscriptions)
      .set({ lastDeliveredAt: now })
      .where(inArray(pushSubscriptions.id, devices));
    totals.delivered += delivered.length;
    countPush('delivered', delivered.length);
  }
  for (const [i, row] of rows.entries()) {
    const outcome = outcomes[i];
    if (!outcome || outcome.kind === 'delivered') continue;
    const attempts = row.attempts + 1;
    if (outcome.kind === 'retry' && attempts < maxPushAttempts) {
      await db
        .update(pushQueue)
        .set({
          attempts,
          lastError: outcome.reason.slice(0, 500),
          sendingAt: null,
          nextAttemptAt: new Date(Date.now() + Math.max(outcome.afterMs ?? 0, pushRetryDelayMs(attempts))),
        })
        .where(eq(pushQueue.id, row.id));
      totals.retried += 1;
      countPush('retried');
      continue;
    }
    const state = outcome.kind === 'gone' ? 'gone' : 'failed';
    await db
      .update(pushQueue)
      .set({ state, attempts, lastError: outcome.reason.slice(0, 500), sendingAt: null })
      .where(eq(pushQueue.id, row.id));
    if (outcome.kind === 'gone' && row.subscriptionId) {
      // An expired or unsubscribed device is forgotten: nothing more is queued or sent to it.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
      logger.info({ subscriptionId: row.subscriptionId }, 'push subscription gone; forgotten');
    }
    totals[state] += 1;
    countPush(state);
  }
}
