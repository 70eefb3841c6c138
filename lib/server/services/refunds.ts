import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/server/admin/audit';
import { recordAudit } from '@/lib/server/admin/audit';
import type { Db, Tx } from '@/lib/server/db';
import {
  accommodationBookings,
  events,
  merchandiseOrders,
  paymentOrders,
  registrations,
} from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { sendMail } from '@/lib/server/mail/mail-service';
import { organiserRefundMail } from '@/lib/server/mail/refund-mails';
import { orderItem } from '@/lib/server/payments/order-item';
import type { PaymentOrder } from '@/lib/server/payments/types';
import { refundPayment } from '@/lib/server/payments/settle';
import { releaseHolds } from '@/lib/server/inventory';
import { cancelBookings, cancelMerchandiseOrders, cancelRegistrations } from './cancellations';
import { mailRecipient } from './recipients';

/*
 * An organiser's refund: the money goes back through the payment provider, the purchase is cancelled
 * (registration and its members, T-shirt order, or booking), its stock is released, the buyer is mailed
 * and the audit log records it. Exactly once, even with two organisers clicking together:
 *
 * 1. Under the order's row lock, the refund is claimed by setting refund_claimed_at. A second caller
 *    sees the claim, or the finished refund, and is answered 409.
 * 2. The provider is called outside any transaction (the embedded database runs one transaction at a time
 *    and the in-process sandbox needs it), through settle.ts's refundPayment, which does nothing when the
 *    provider already refunded the payment in full. If the provider refuses, the claim is dropped and
 *    nothing has changed.
 * 3. Under the lock again, the purchase is cancelled, stock released, the order marked refunded and the
 *    audit entry written, in one transaction.
 *
 * A claim older than claimStaleMs (a process that died mid-refund) may be taken over.
 */

const claimStaleMs = 2 * 60_000;
const refundableStates: readonly PaymentOrder['state'][] = ['fulfilled', 'paid'];

export const alreadyRefundedMessage = 'This payment has already been refunded.';

export interface CancelledRecord {
  entity: 'registration' | 'merchandise_order' | 'accommodation_booking';
  id: string;
}

export interface RefundOutcome {
  id: string;
  state: 'refunded';
  refundId: string | null;
  cancelled: CancelledRecord[];
}

/** True while another request's refund of this order is with the provider. */
export function isRefundInProgress(
  order: { state: string; refundClaimedAt: Date | null },
  at: Date = now(),
): boolean {
  if (order.state === 'refunded' || !order.refundClaimedAt) return false;
  return at.getTime() - order.refundClaimedAt.getTime() < claimStaleMs;
}

function assertRefundable(order: PaymentOrder): void {
  if (order.state === 'refunded') throw new AppError('conflict', alreadyRefundedMessage);
  if (!refundableStates.includes(order.state)) {
    throw new AppError('conflict', `Only a completed payment can be refunded; this one is ${order.state}.`);
  }
  if (!order.providerPaymentId) throw new AppError('conflict', 'This order has no payment to refund.');
}

async function lockOrder(tx: Tx, orderId: string): Promise<PaymentOrder> {
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for('update');
  if (!order) throw new AppError('not_found', 'No payment matches this id.');
  return order;
}

/** Cancels what an order bought and gives its stock back; answers what was cancelled and how to name it. */
async function cancelPurchase(
  tx: Tx,
  order: PaymentOrder,
): Promise<{ cancelled: CancelledRecord[]; what: string }> {
  if (order.purpose === 'event') {
    const rows = await cancelRegistrations(tx, eq(registrations.paymentOrderId, order.id));
    const eventId = rows[0]?.eventId ?? orderItem(order, 'event').eventId;
    const [event] = eventId
      ? await tx.select({ name: events.name }).from(events).where(eq(events.id, eventId))
      : [];
    return {
      cancelled: rows.map((r) => ({ entity: 'registration', id: r.id })),
      what: event ? `your registration for ${event.name}` : 'your event registration',
    };
  }
  if (order.purpose === 'merchandise') {
    const ids = await cancelMerchandiseOrders(tx, eq(merchandiseOrders.paymentOrderId, order.id));
    return {
      cancelled: ids.map((id) => ({ entity: 'merchandise_order', id })),
      what: 'your merchandise order',
    };
  }
  const rows = await cancelBookings(tx, eq(accommodationBookings.paymentOrderId, order.id));
  return {
    cancelled: rows.map((r) => ({ entity: 'accommodation_booking', id: r.id })),
    what: 'your accommodation booking',
  };
}

export async function refundPaymentOrder(
  db: Db,
  actor: Actor,
  orderId: string,
  input: { reason?: string } = {},
): Promise<RefundOutcome> {
  const reason = input.reason?.trim() || null;
  const claim = now();

  const claimed = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertRefundable(order);
    if (isRefundInProgress(order, claim)) {
      throw new AppError('conflict', 'This payment is already being refunded by another organiser.');
    }
    // A refund id without the order marked refunded: the provider already paid back, only step 3 is left.
    if (order.providerRefundId) return { order, refundId: order.providerRefundId, callProvider: false };
    await tx.update(paymentOrders).set({ refundClaimedAt: claim }).where(eq(paymentOrders.id, orderId));
    return { order, refundId: null as string | null, callProvider: true };
  });

  let refundId = claimed.refundId;
  if (claimed.callProvider) {
    try {
      refundId = await refundPayment(
        db,
        claimed.order,
        claimed.order.providerPaymentId as string,
        claimed.order.amountPaise,
        reason ?? 'Refunded by the organisers',
      );
    } catch (error) {
      logger.error({ err: error, orderId }, 'the payment provider refused an organiser refund');
      await db
        .update(paymentOrders)
        .set({ refundClaimedAt: null })
        .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.refundClaimedAt, claim)));
      throw new AppError(
        'unavailable',
        'The payment provider did not accept the refund, so nothing was changed. Please try again in a minute.',
        { retryAfter: 60 },
      );
    }
  }

  const done = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertRefundable(order);
    const { cancelled, what } = await cancelPurchase(tx, order);
    await releaseHolds(tx, order.id);
    const finalRefundId = refundId ?? order.providerRefundId;
    await tx
      .update(paymentOrders)
      .set({
        state: 'refunded',
        refundedAt: now(),
        providerRefundId: finalRefundId,
        refundClaimedAt: null,
        refundReason: reason,
      })
      .where(eq(paymentOrders.id, orderId));
    await recordAudit(tx, actor, {
      action: 'refund',
      entity: 'payment_order',
      entityId: order.id,
      before: {
        state: order.state,
        purpose: order.purpose,
        amountPaise: order.amountPaise,
        providerPaymentId: order.providerPaymentId,
      },
      after: { state: 'refunded', refundId: finalRefundId, reason, cancelled },
    });
    return { order, cancelled, what, refundId: finalRefundId };
  });

  try {
    const buyer = await mailRecipient(db, done.order.userId);
    if (buyer) {
      await sendMail(
        db,
        organiserRefundMail(buyer, { what: done.what, amountPaise: done.order.amountPaise, reason }),
      );
    }
  } catch (error) {
    logger.error({ err: error, orderId }, 'refund mail failed');
  }
  return { id: orderId, state: 'refunded', refundId: done.refundId, cancelled: done.cancelled };
}
