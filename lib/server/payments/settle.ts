import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import { paymentOrders } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { accommodationFulfiller } from '@/lib/server/services/accommodation-fulfilment';
import { eventRegistrationFulfiller } from '@/lib/server/services/event-registration-fulfilment';
import { merchandiseFulfiller } from '@/lib/server/services/merchandise-fulfilment';
import { releaseHolds } from './orders';
import { paymentProvider } from './provider';
import type { Fulfiller, PaymentOrder, PaymentPurpose } from './types';

/** What each purchase does once paid; each lives beside its domain. */
const fulfillers: Record<PaymentPurpose, Fulfiller> = {
  event: eventRegistrationFulfiller,
  merchandise: merchandiseFulfiller,
  accommodation: accommodationFulfiller,
};

export type Settlement = 'fulfilled' | 'already-fulfilled' | 'refunded';

class Undeliverable extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Settles an order with a payment: checks with the provider that it is captured for exactly the order's
 * amount, then marks the order paid and fulfils it in one transaction that locks the order row, so the
 * browser, the webhook and reconciliation racing each other give one outcome. Idempotent.
 */
export async function settleOrder(db: Db, orderId: string, paymentId: string): Promise<Settlement> {
  const provider = paymentProvider();
  const [snapshot] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!snapshot?.providerOrderId) throw new AppError('not_found', 'No order matches this payment.');
  const payment = await provider.client.fetchPayment(paymentId).catch(() => {
    throw new AppError('invalid_input', 'This payment is unknown to the payment provider.');
  });
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

  let outcome: Settlement | Undeliverable;
  try {
    outcome = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.id, orderId))
        .for('update');
      if (!order) throw new AppError('not_found', 'No order matches this payment.');
      if (order.state === 'fulfilled' || order.state === 'refunded') {
        if (order.providerPaymentId === paymentId)
          return order.state === 'fulfilled' ? 'already-fulfilled' : 'refunded';
        // A second payment for an order that is already settled: give it back.
        return new Undeliverable('This order was already paid with another payment.');
      }
      await tx
        .update(paymentOrders)
        .set({ state: 'paid', providerPaymentId: paymentId, paidAt: now() })
        .where(eq(paymentOrders.id, orderId));
      let undeliverable: Undeliverable | null = null;
      try {
        // A savepoint: a purchase that can no longer be delivered rolls back alone, the payment stays recorded.
        await tx.transaction(async (inner) => fulfiller.fulfil(inner, order));
      } catch (error) {
        if (error instanceof AppError && (error.code === 'conflict' || error.code === 'gone')) {
          undeliverable = new Undeliverable(error.message);
        } else if (isUniqueViolation(error)) {
          undeliverable = new Undeliverable('Someone in this purchase already has it.');
        } else {
          throw error;
        }
      }
      if (undeliverable) {
        // Decided here, under the lock: a racing settle of the same payment then sees 'refunded' and stops.
        await tx
          .update(paymentOrders)
          .set({ state: 'refunded', refundedAt: now(), failureReason: undeliverable.reason.slice(0, 500) })
          .where(eq(paymentOrders.id, orderId));
        await releaseHolds(tx, orderId);
        return undeliverable;
      }
      await tx
        .update(paymentOrders)
        .set({ state: 'fulfilled', fulfilledAt: now() })
        .where(eq(paymentOrders.id, orderId));
      return 'fulfilled';
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'This payment has already been used for another order.');
    throw error;
  }

  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order) throw new Error('order vanished');
  if (outcome === 'fulfilled') {
    await fulfiller
      .notify(db, order)
      .catch((error: unknown) => logger.error({ err: error, orderId }, 'confirmation mail failed'));
    return 'fulfilled';
  }
  if (outcome instanceof Undeliverable) {
    await refundPayment(db, order, paymentId, payment.amount, outcome.reason);
    await fulfiller
      .notifyRefund(db, order, outcome.reason)
      .catch((error: unknown) => logger.error({ err: error, orderId }, 'refund mail failed'));
    return 'refunded';
  }
  return outcome;
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
  return refund.id;
}

export async function markFailed(db: Db, orderId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
    if (order?.state !== 'created') return;
    await tx
      .update(paymentOrders)
      .set({ state: 'failed', failureReason: reason.slice(0, 500) })
      .where(eq(paymentOrders.id, orderId));
    await releaseHolds(tx, orderId);
  });
}
