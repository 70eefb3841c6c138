import 'server-only';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { isUniqueViolation, pipelined } from '@/lib/server/db/client';
import { paymentOrders, paymentRefunds } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { countPayment } from '@/lib/server/metrics/registry';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { accommodationFulfiller } from '@/lib/server/services/accommodation-fulfilment';
import { eventRegistrationFulfiller } from '@/lib/server/services/event-registration-fulfilment';
import { merchandiseFulfiller } from '@/lib/server/services/merchandise-fulfilment';
import { releaseHolds } from '@/lib/server/inventory';
import { CannotDeliver } from './cannot-deliver';
import { paymentProvider } from './provider';
import { PaymentProviderError } from './razorpay-client';
import type { Fulfiller, PaymentOrder, PaymentPurpose } from './types';

/** What each purchase does once paid; each lives beside its domain. */
const fulfillers: Record<PaymentPurpose, Fulfiller> = {
  event: eventRegistrationFulfiller,
  merchandise: merchandiseFulfiller,
  accommodation: accommodationFulfiller,
};

/** What settling a payment came to; a refund carries its reason, in words the buyer is shown. */
export type Settlement =
  { outcome: 'fulfilled' | 'already-fulfilled' } | { outcome: 'refunded'; reason: string };

const secondPaymentReason = 'This order was already paid with another payment.';

/** What the buyer's screen says when their payment is given back: the true reason, in one place. */
export function refundedMessage(reason: string): string {
  return `Your payment has been refunded. ${reason}`;
}

/**
 * A payment id belongs to one order (a unique index): recording it on a second order is refused in words.
 * Only the writes of the payment id go through this, so a unique violation anywhere else (a fulfiller's
 * bug) is not mistaken for it.
 */
function paymentUsedElsewhere(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new AppError('conflict', 'This payment has already been used for another order.');
  }
  throw error;
}

/** The provider's answer about one payment; its own faults (down, slow, erring) are a 503, not the buyer's. */
async function fetchCapturedPayment(paymentId: string) {
  try {
    return await paymentProvider().client.fetchPayment(paymentId);
  } catch (error) {
    if (
      error instanceof PaymentProviderError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 429
    ) {
      throw new AppError('invalid_input', 'This payment is unknown to the payment provider.');
    }
    logger.warn({ err: error, paymentId }, 'the payment provider could not be asked about a payment');
    throw new AppError('unavailable', paymentServiceUnavailable, { retryAfter: 60 });
  }
}

export const paymentServiceUnavailable =
  'The payment service is not reachable right now. Your payment is safe: please try again in a minute.';

/**
 * What an order already settled with this very payment came to (the webhook after the browser, the browser
 * after the webhook), or null when it still has to be settled with it. Its payment was checked with the
 * provider when it was settled, so the answer needs no second question to the provider.
 */
function settledWith(order: PaymentOrder, paymentId: string): Settlement | null {
  if (order.providerPaymentId !== paymentId) return null;
  if (order.state === 'fulfilled') return { outcome: 'already-fulfilled' };
  if (order.state === 'refunded') {
    // This payment was given back already (decided with its mail, or by the organisers): say so again.
    return {
      outcome: 'refunded',
      reason: order.failureReason ?? order.refundReason ?? 'This payment was refunded.',
    };
  }
  return null;
}

/**
 * Settles an order with a payment: checks with the provider that it is captured for exactly the order's
 * amount, then, in one transaction that locks the order row, fulfils the order, marks it paid and fulfilled
 * and writes the mails that announce it, so the browser, the webhook and reconciliation racing each other
 * give one outcome and one set of mails. A payment that cannot become the order's outcome (sold out, or the
 * order already paid with another payment) is decided for a refund once, under the same lock, with one
 * mail; the provider's refund follows the commit. Idempotent. `known` is the order's row when the caller
 * has just read it (saves reading it again).
 *
 * The stock counters (the hot rows every buyer of a size queues on) are written by PostgreSQL at the
 * commit, when the order marked fulfilled commits (drizzle/0012_stock_checks_at_commit.sql), so their lock
 * is held for microseconds, not for the settlement's round trips.
 */
export async function settleOrder(
  db: Db,
  orderId: string,
  paymentId: string,
  known?: PaymentOrder,
): Promise<Settlement> {
  const [snapshot] = known
    ? [known]
    : await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!snapshot?.providerOrderId) throw new AppError('not_found', 'No order matches this payment.');
  const settled = settledWith(snapshot, paymentId);
  if (settled) return settled;
  const payment = await fetchCapturedPayment(paymentId);
  if (payment.order_id !== snapshot.providerOrderId) {
    throw new AppError('invalid_input', 'This payment was made for a different order.');
  }
  if (payment.status === 'failed') {
    await markFailed(db, orderId, payment.error_description ?? 'payment failed');
    throw new AppError('payment_required', 'The payment was not completed.');
  }
  if (payment.status !== 'captured' && payment.status !== 'refunded') {
    throw new AppError('payment_required', 'The payment has not been completed yet.');
  }
  if (payment.amount !== snapshot.amountPaise || payment.currency !== snapshot.currency) {
    logger.error({ orderId, paymentId }, 'captured amount differs from the order amount');
    throw new AppError('invalid_input', 'The amount paid does not match the order.');
  }

  const fulfiller = fulfillers[snapshot.purpose];
  const mail = new PendingMail();
  let refundDecided = false;

  /** Decides, under the order's lock, that this payment is given back; only the first settler writes the mail. */
  async function decideRefund(tx: Tx, order: PaymentOrder, reason: string): Promise<Settlement> {
    const decided = await tx
      .insert(paymentRefunds)
      .values({ providerPaymentId: paymentId, paymentOrderId: order.id, amountPaise: payment.amount, reason })
      .onConflictDoNothing()
      .returning({ reason: paymentRefunds.reason });
    if (decided.length > 0) {
      refundDecided = true;
      await fulfiller.notifyRefund(tx, order, reason, mail);
      return { outcome: 'refunded', reason };
    }
    const [earlier] = await tx
      .select({ reason: paymentRefunds.reason })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.providerPaymentId, paymentId));
    return { outcome: 'refunded', reason: earlier?.reason ?? reason };
  }

  const settlement = await db.transaction(async (tx): Promise<Settlement> => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'No order matches this payment.');
    if (order.state === 'fulfilled' || order.state === 'refunded') {
      return settledWith(order, paymentId) ?? decideRefund(tx, order, secondPaymentReason);
    }
    const paid = { providerPaymentId: paymentId, paidAt: now() };
    let undeliverable: CannotDeliver | null = null;
    try {
      // A savepoint: a purchase that can no longer be delivered rolls back alone (its order marked
      // fulfilled with it), the payment stays recorded. The mark is sent behind the fulfilment's
      // statements, in the same round trip.
      await tx.transaction(async (inner) => {
        await pipelined(
          () => fulfiller.fulfil(inner, order),
          () =>
            inner
              .update(paymentOrders)
              .set({ ...paid, state: 'fulfilled', fulfilledAt: now() })
              .where(eq(paymentOrders.id, orderId))
              .then(undefined, paymentUsedElsewhere),
        );
      });
    } catch (error) {
      // Only the fulfiller's own answer refunds. Anything else, an AppError from deep in the fulfilment
      // included, is a fault or a bug: the whole transaction rolls back, the order stays unsettled, and
      // the caller's retry, the webhook's redelivery or reconciliation settles it again later.
      if (!(error instanceof CannotDeliver)) throw error;
      undeliverable = error;
    }
    if (undeliverable) {
      await tx
        .update(paymentOrders)
        .set({
          ...paid,
          state: 'refunded',
          refundedAt: now(),
          failureReason: undeliverable.reason.slice(0, 500),
        })
        .where(eq(paymentOrders.id, orderId))
        .then(undefined, paymentUsedElsewhere);
      await releaseHolds(tx, orderId);
      return decideRefund(tx, order, undeliverable.reason);
    }
    await fulfiller.notify(tx, order, mail);
    return { outcome: 'fulfilled' };
  });

  // Each captured payment is counted once: by the settlement that fulfilled its order, or by the one that
  // decided to give it back (the order's lock and the refund's key let only one of each happen).
  if (settlement.outcome === 'fulfilled' || refundDecided) countPayment(snapshot.purpose, 'captured');
  if (settlement.outcome === 'fulfilled') countPayment(snapshot.purpose, 'settled');
  await fulfiller.settled?.(db, snapshot);
  if (refundDecided) {
    await completeRefund(db, paymentId).catch((error: unknown) =>
      logger.error({ err: error, orderId, paymentId }, 'refund failed; reconciliation will retry it'),
    );
  }
  await mail.send(db);
  return settlement;
}

/** How long a run may take to get a refund from the provider before another run may try again. */
const refundClaimMs = 5 * 60_000;

/**
 * Asks the provider for a refund decided in payment_refunds, unless it went through already. The row is
 * claimed first, so settlement and reconciliation on any instance never ask twice at once; a run that
 * fails leaves the claim to lapse and reconciliation retries.
 */
export async function completeRefund(db: Db, paymentId: string): Promise<boolean> {
  const claimedBefore = new Date(now().getTime() - refundClaimMs);
  const [decision] = await db
    .update(paymentRefunds)
    .set({ claimedAt: now() })
    .where(
      and(
        eq(paymentRefunds.providerPaymentId, paymentId),
        isNull(paymentRefunds.refundedAt),
        or(isNull(paymentRefunds.claimedAt), lt(paymentRefunds.claimedAt, claimedBefore)),
      ),
    )
    .returning();
  if (!decision) return false;
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, decision.paymentOrderId));
  if (!order) throw new Error(`order ${decision.paymentOrderId} vanished`);
  const refundId = await refundPayment(db, order, paymentId, decision.amountPaise, decision.reason);
  await db
    .update(paymentRefunds)
    .set({ refundedAt: now(), providerRefundId: refundId })
    .where(eq(paymentRefunds.providerPaymentId, paymentId));
  return true;
}

/** Refunds decided but not yet done (a failed or interrupted call), for reconciliation to retry. */
export async function pendingRefunds(db: Db, olderThanSeconds: number): Promise<string[]> {
  const rows = await db
    .select({ paymentId: paymentRefunds.providerPaymentId })
    .from(paymentRefunds)
    .where(
      and(
        isNull(paymentRefunds.refundedAt),
        lt(paymentRefunds.createdAt, new Date(now().getTime() - olderThanSeconds * 1000)),
      ),
    );
  return rows.map((r) => r.paymentId);
}

/**
 * Gives a payment back through the provider, once (a payment already refunded is left alone). Shared by
 * settlement (undeliverable purchases) and the organisers' refunds. Answers the provider's refund id, or
 * null when the provider had already refunded the payment in full.
 */
export async function refundPayment(
  db: Db,
  order: PaymentOrder,
  paymentId: string,
  amount: number,
  reason: string,
): Promise<string | null> {
  const { client } = paymentProvider();
  const payment = await client.fetchPayment(paymentId);
  if (payment.amount_refunded >= payment.amount) return null;
  const refund = await client.refundPayment(paymentId, { amount, notes: { reason: reason.slice(0, 200) } });
  if (order.providerPaymentId === paymentId) {
    await db.update(paymentOrders).set({ providerRefundId: refund.id }).where(eq(paymentOrders.id, order.id));
  }
  logger.warn({ orderId: order.id, paymentId, refundId: refund.id, reason }, 'payment refunded');
  countPayment(order.purpose, 'refunded');
  return refund.id;
}

/**
 * A failed attempt at paying an order. The order's holds stay until the order expires: the buyer's retry
 * on the same order (common with UPI) must still find its place, not lose it to someone else meanwhile.
 */
export async function markFailed(db: Db, orderId: string, reason: string): Promise<void> {
  const marked = await db
    .update(paymentOrders)
    .set({ state: 'failed', failureReason: reason.slice(0, 500) })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.state, 'created')))
    .returning({ purpose: paymentOrders.purpose });
  for (const { purpose } of marked) countPayment(purpose, 'failed');
}
