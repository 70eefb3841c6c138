import 'server-only';
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatPrice, parseRupees } from '@/lib/money';
import type { payDataSchema } from '@/lib/schemas/payment';
import type { Db, Tx } from '@/lib/server/db';
import { pipelined } from '@/lib/server/db/client';
import { preparedOn } from '@/lib/server/db/prepared';
import { paymentOrders } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { countPayment } from '@/lib/server/metrics/registry';
import { releaseHolds, transactionWithHolds } from '@/lib/server/inventory';
import { paymentProvider } from './provider';
import { writtenOrderItem, type Purchase } from './order-item';
import { isValidPaymentSignature } from './signatures';
import type { PaymentOrder, PaymentPurpose } from './types';

/*
 * Payment orders: the server's record of what is being paid for, in paise, created before the checkout
 * opens and settled exactly once by whichever arrives first: the browser, the webhook or reconciliation.
 */

/** What Checkout's handler gives the browser, posted back to us as payData. */
export type PayData = z.infer<typeof payDataSchema>;

export interface CheckoutOrder {
  order: { id: string; amount: number; currency: string };
  key_id: string;
}

/** Refuses a create-order call whose amount (rupees, as the screen shows it) is not the server's price. */
export function assertAmountMatches(clientAmountRupees: number, serverPaise: number): void {
  if (parseRupees(clientAmountRupees) !== serverPaise) {
    throw new AppError(
      'conflict',
      `The price has changed to ${formatPrice({ paise: serverPaise })}. Please review it and try again.`,
      {
        reason: 'price_changed',
      },
    );
  }
}

/** Links an order to the provider's, built once: every checkout does it. */
const setProviderOrderId = preparedOn((db) =>
  db
    .update(paymentOrders)
    .set({ providerOrderId: sql`${sql.placeholder('providerOrderId')}` })
    .where(eq(paymentOrders.id, sql.placeholder('id')))
    .prepare('setProviderOrderId'),
);

/**
 * Records an order (and, through `hold`, any stock it reserves) and opens it with the provider. Its item
 * is its purpose's (order-item.ts), checked as settlement will read it.
 * If the provider cannot be reached the order is marked failed and its holds are released.
 */
export async function createPaymentOrder(
  db: Db,
  input: Purchase & {
    userId: string;
    amountPaise: number;
    /** Writes the order's holds; its statements are sent right behind the order's (see pipelined). */
    hold?: (tx: Tx, orderId: string) => Promise<void>;
  },
): Promise<CheckoutOrder> {
  const item = writtenOrderItem(input);
  const receipt = `rcpt_${crypto.randomBytes(9).toString('base64url')}`;
  // The id is made here, so that the holds can be sent right behind the order, in the same round trip.
  const orderId = crypto.randomUUID();
  const order = await transactionWithHolds(db, async (tx) => {
    const [[row]] = await pipelined(
      () =>
        tx
          .insert(paymentOrders)
          .values({
            id: orderId,
            purpose: input.purpose,
            userId: input.userId,
            amountPaise: input.amountPaise,
            item,
            receipt,
          })
          .returning(),
      async () => input.hold?.(tx, orderId),
    );
    if (!row) throw new Error('payment order insert returned nothing');
    return row;
  });
  countPayment(input.purpose, 'created');
  const provider = paymentProvider();
  try {
    const remote = await provider.client.createOrder({
      amount: input.amountPaise,
      currency: 'INR',
      receipt,
      notes: { purpose: input.purpose, paymentOrderId: order.id },
    });
    await setProviderOrderId(db).execute({ id: order.id, providerOrderId: remote.id });
    return {
      order: { id: remote.id, amount: remote.amount, currency: remote.currency },
      key_id: provider.keyId,
    };
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, 'creating the provider order failed');
    countPayment(input.purpose, 'failed');
    await db.transaction(async (tx) => {
      await tx
        .update(paymentOrders)
        .set({ state: 'failed', failureReason: 'provider order failed' })
        .where(eq(paymentOrders.id, order.id));
      await releaseHolds(tx, order.id);
    });
    throw new AppError(
      'unavailable',
      'The payment service is not reachable right now. Please try again in a minute.',
      { retryAfter: 60 },
    );
  }
}

/** A caller's order by its provider id, built once: every confirmation asks it. */
const callersOrder = preparedOn((db) =>
  db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.providerOrderId, sql.placeholder('providerOrderId')),
        eq(paymentOrders.userId, sql.placeholder('userId')),
        eq(paymentOrders.purpose, sql.placeholder('purpose')),
      ),
    )
    .limit(1)
    .prepare('callersOrder'),
);

/**
 * The browser's confirmation: the order must be the caller's, and the signature must be right for the
 * order id this server stored. Returns the order for the purpose to check and settle.
 */
export async function orderForCheckout(
  db: Db,
  userId: string,
  payData: PayData,
  purpose: PaymentPurpose,
): Promise<PaymentOrder> {
  const [order] = await callersOrder(db).execute({
    providerOrderId: payData.razorpay_order_id,
    userId,
    purpose,
  });
  if (!order?.providerOrderId) throw new AppError('not_found', 'No order of yours matches this payment.');
  const { keySecret } = paymentProvider();
  if (
    !isValidPaymentSignature(
      order.providerOrderId,
      payData.razorpay_payment_id,
      payData.razorpay_signature,
      keySecret,
    )
  ) {
    throw new AppError('invalid_input', 'The payment could not be verified: its signature is invalid.');
  }
  return order;
}
