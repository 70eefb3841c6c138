import 'server-only';
import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { runAlone } from '@/lib/server/db/client';
import { paymentOrders } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { logger } from '@/lib/server/log';
import { countPayment } from '@/lib/server/metrics/registry';
import { releaseHolds } from '@/lib/server/inventory';
import { paymentProvider } from './provider';
import { completeRefund, pendingRefunds, settleOrder } from './settle';

/** An order nobody paid within this long is closed and its holds released. */
export const orderLifetimeMinutes = 30;

export interface ReconcileReport {
  checked: number;
  settled: number;
  expired: number;
  /** Decided refunds that went through in this run. */
  refunded: number;
  errors: number;
  /** Webhooks the sandbox still owed and the app accepted in this run (always 0 with Razorpay). */
  redelivered: number;
  /** True when another run (another instance, the cron, the command line) was already at work. */
  skipped?: boolean;
}

/**
 * Asks the provider about orders left `created` or `paid` but not fulfilled (a lost browser and a lost
 * webhook), settles those with a captured payment and expires the ones that were never paid. One run at
 * a time across every instance (an advisory lock on PostgreSQL): a run that finds another at work skips.
 * Each step is safe on its own too (settleOrder locks the order row; expiry only moves a `created` order).
 */
export async function reconcilePayments(
  db: Db,
  options: { minAgeSeconds?: number } = {},
): Promise<ReconcileReport> {
  const outcome = await runAlone(db, 'payments-reconcile', () => reconcileOnce(db, options));
  if (outcome.ran) return outcome.result;
  logger.info('reconciliation skipped: another run is at work');
  return { checked: 0, settled: 0, expired: 0, refunded: 0, errors: 0, redelivered: 0, skipped: true };
}

async function reconcileOnce(db: Db, options: { minAgeSeconds?: number }): Promise<ReconcileReport> {
  const minAgeSeconds = options.minAgeSeconds ?? 120;
  const cutoff = new Date(now().getTime() - minAgeSeconds * 1000);
  const provider = paymentProvider();
  // First what the provider still owes (the sandbox's undelivered webhooks), which may settle orders or
  // decide refunds (a double tap's second payment) that asking about unsettled orders would not find.
  let redelivered = 0;
  let redeliveryFailed = 0;
  try {
    redelivered = (await provider.redeliverWebhooks?.(db, minAgeSeconds)) ?? 0;
  } catch (error) {
    redeliveryFailed = 1;
    logger.warn({ err: error }, 'reconciliation could not redeliver the webhooks the sandbox owes');
  }
  const pending = await db
    .select()
    .from(paymentOrders)
    .where(
      and(inArray(paymentOrders.state, ['created', 'paid', 'failed']), lt(paymentOrders.createdAt, cutoff)),
    );
  const report: ReconcileReport = {
    checked: pending.length,
    settled: 0,
    expired: 0,
    refunded: 0,
    errors: redeliveryFailed,
    redelivered,
  };
  const { client } = provider;
  for (const order of pending) {
    try {
      const payments = order.providerOrderId ? await client.fetchOrderPayments(order.providerOrderId) : [];
      const captured = payments.find((p) => p.status === 'captured');
      if (captured) {
        const settlement = await settleOrder(db, order.id, captured.id, order);
        if (settlement.outcome !== 'already-fulfilled') {
          report.settled += 1;
          // Paid, and neither the browser nor the webhook came to say so: only this run found it.
          countPayment(order.purpose, 'stranded');
        }
        continue;
      }
      const ageMinutes = (now().getTime() - order.createdAt.getTime()) / 60_000;
      // A failed attempt keeps its holds for a retry on the same order until the order's time is up.
      if ((order.state === 'created' || order.state === 'failed') && ageMinutes >= orderLifetimeMinutes) {
        const expired = await db.transaction(async (tx) => {
          const moved = await tx
            .update(paymentOrders)
            .set({ state: 'expired', failureReason: order.failureReason ?? 'not paid in time' })
            .where(
              and(inArray(paymentOrders.id, [order.id]), inArray(paymentOrders.state, ['created', 'failed'])),
            )
            .returning({ id: paymentOrders.id });
          // Settled (or expired) meanwhile by the webhook or the browser: nothing to release here.
          if (moved.length === 0) return false;
          await releaseHolds(tx, order.id);
          return true;
        });
        // Its holds, released, were signalled: the pages that still counted them are refreshed.
        if (expired) {
          report.expired += 1;
          countPayment(order.purpose, 'expired');
        }
      }
    } catch (error) {
      report.errors += 1;
      logger.warn({ err: error, orderId: order.id }, 'reconciliation could not settle an order');
    }
  }
  // Refunds decided by a settlement whose call to the provider failed or never happened (a crash).
  for (const paymentId of await pendingRefunds(db, 60)) {
    try {
      if (await completeRefund(db, paymentId)) report.refunded += 1;
    } catch (error) {
      report.errors += 1;
      logger.warn({ err: error, paymentId }, 'reconciliation could not complete a refund');
    }
  }
  return report;
}
