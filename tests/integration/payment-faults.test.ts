import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { POST as webhook } from '@/app/api/payment/webhook/route';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  mailOutbox,
  merchandiseVariants,
  paymentOrders,
  paymentRefunds,
  sandboxRecords,
  stockHolds,
  webhookEvents,
} from '@/lib/server/db/schema';
import { listOutbox } from '@/lib/server/mail/mail-service';
import { paymentProvider, setPaymentTransportForTests } from '@/lib/server/payments/provider';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { flushSandboxWebhooks, setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { paymentServiceUnavailable, refundedMessage, settleOrder } from '@/lib/server/payments/settle';
import { webhookSignature } from '@/lib/server/payments/signatures';
import { acceptWebhook } from '@/lib/server/payments/webhooks';
import { call } from '../support/api';
import { openTeeOrder } from '../support/shop';
import { quickUser } from '../support/accounts';
import { newTee } from '../support/fixtures';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

/*
 * The payment faults of "The rush and the bad day": every payment captured at the provider ends fulfilled
 * or refunded, exactly once, with exactly one mail to the person it concerns.
 */

afterEach(() => {
  setPaymentTransportForTests(undefined);
  setClockForTests(undefined);
  setSandboxWebhookMode('immediate');
});

describeEachDatabase('payment faults', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });
  beforeEach(() => setSandboxWebhookMode('off'));

  /** A buyer with an open order (and its hold) for one unit of a T-shirt size holding `stock`. */
  function openOrder(stock = 5) {
    return openTeeOrder(db(), { name: 'Fault Tee', stock });
  }

  /** A second captured payment for an order the sandbox already counts as paid (two tabs, a double tap). */
  async function payAgain(providerOrderId: string) {
    await db()
      .update(sandboxRecords)
      .set({ data: sql`jsonb_set(${sandboxRecords.data}, '{status}', '"created"')` })
      .where(and(eq(sandboxRecords.id, providerOrderId), eq(sandboxRecords.kind, 'order')));
    return sandboxPay(providerOrderId);
  }

  /** An order paid with a first payment and confirmed by the buyer's browser: fulfilled. */
  async function fulfilledOrder() {
    const opened = await openOrder();
    const first = await sandboxPay(opened.providerOrderId);
    const paid = await call(orderMerchandise, {
      token: opened.buyer.token,
      body: { userId: opened.buyer.userId, cart: opened.cart, payData: first },
    });
    expect(paid.status).toBe(201);
    return { ...opened, first };
  }

  const refundMails = async (email: string) =>
    (await listOutbox(db(), { to: email })).filter((m) => m.subject.includes('refunded'));

  it('refunds a second payment for a paid order once, with one mail and the true reason, however many settle it', async () => {
    const { buyer, cart, providerOrderId, order, first } = await fulfilledOrder();
    const second = await payAgain(providerOrderId);

    // The browser, the webhook and reconciliation all settle the second payment at once.
    const settlements = await Promise.all(
      [1, 2, 3].map(() => settleOrder(db(), order.id, second.razorpay_payment_id)),
    );
    const reason = 'This order was already paid with another payment.';
    expect(settlements).toEqual(Array(3).fill({ outcome: 'refunded', reason }));
    const again = await call(orderMerchandise, {
      token: buyer.token,
      body: { userId: buyer.userId, cart, payData: second },
    });
    expect(again).toMatchObject({ status: 409, body: { message: refundedMessage(reason) } });

    const payment = await paymentProvider().client.fetchPayment(second.razorpay_payment_id);
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 30000 });
    const refunds = await db()
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, 'refund'), eq(sandboxRecords.orderId, providerOrderId)));
    expect(refunds).toHaveLength(1);
    const mails = await refundMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(reason);
    // The order stays fulfilled with its first payment.
    const [after] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(after).toMatchObject({ state: 'fulfilled', providerPaymentId: first.razorpay_payment_id });
  });

  it("refunds a double tap's second payment whose webhooks died with their process, when reconciliation runs", async () => {
    const { buyer, providerOrderId, order, first } = await fulfilledOrder();
    // The second tap's webhooks are owed but never delivered: the process that took the pay call is gone,
    // and so is the browser that would have confirmed it.
    setSandboxWebhookMode('manual');
    const second = await payAgain(providerOrderId);
    setSandboxWebhookMode('immediate');
    const owed = () =>
      db()
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, 'webhook'), eq(sandboxRecords.orderId, providerOrderId)));
    expect(await owed()).toHaveLength(2);

    const report = await reconcilePayments(db(), { minAgeSeconds: 0 });
    expect(report).toMatchObject({ redelivered: 2, errors: 0 });
    expect(await owed()).toHaveLength(0);
    const payment = await paymentProvider().client.fetchPayment(second.razorpay_payment_id);
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 30000 });
    const mails = await refundMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('This order was already paid with another payment.');

    // Nothing is owed any more: a later run sends nothing and mails nobody.
    expect(await reconcilePayments(db(), { minAgeSeconds: 0 })).toMatchObject({ redelivered: 0, errors: 0 });
    expect(await refundMails(buyer.email)).toHaveLength(1);
    const [after] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(after).toMatchObject({ state: 'fulfilled', providerPaymentId: first.razorpay_payment_id });
  });

  it('writes an outcome and its mail in one transaction: no outbox, no outcome', async () => {
    const { buyer, providerOrderId, order } = await openOrder();
    const pay = await sandboxPay(providerOrderId);
    await db().execute(sql`alter table mail_outbox rename to mail_outbox_away`);
    try {
      await expect(settleOrder(db(), order.id, pay.razorpay_payment_id)).rejects.toThrow();
    } finally {
      await db().execute(sql`alter table mail_outbox_away rename to mail_outbox`);
    }
    const [unsettled] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(unsettled?.state).toBe('created');

    // Reconciliation settles it later, and the confirmation comes with it.
    const report = await reconcilePayments(db(), { minAgeSeconds: 0 });
    expect(report.errors).toBe(0);
    const [settled] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(settled?.state).toBe('fulfilled');
    const confirmations = (await listOutbox(db(), { to: buyer.email })).filter(
      (m) => !m.subject.includes('refunded'),
    );
    expect(confirmations).toHaveLength(1);
  });

  it('processes a redelivered webhook whose first delivery was recorded but not acted on', async () => {
    const { providerOrderId, order } = await openOrder();
    const pay = await sandboxPay(providerOrderId);
    const payment = await paymentProvider().client.fetchPayment(pay.razorpay_payment_id);
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: payment } } });
    const headers = {
      'x-razorpay-signature': webhookSignature(body, paymentProvider().webhookSecret),
      'x-razorpay-event-id': `evt_${pay.razorpay_payment_id}`,
    };
    // The first delivery is recorded, then the process stops before acting on it.
    await acceptWebhook(db(), {
      rawBody: body,
      signature: headers['x-razorpay-signature'],
      eventId: headers['x-razorpay-event-id'],
    });
    const [recorded] = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.providerEventId, headers['x-razorpay-event-id']));
    expect(recorded?.processedAt).toBeNull();

    const redelivered = await call(webhook, { rawBody: body, headers });
    expect(redelivered).toMatchObject({ status: 200, body: { message: 'Event received' } });
    const [settled] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(settled?.state).toBe('fulfilled');
    const third = await call(webhook, { rawBody: body, headers });
    expect(third).toMatchObject({ status: 200, body: { message: 'Duplicate event ignored' } });
  });

  it('keeps the place of a failed attempt for a retry on the same order, until the order expires', async () => {
    const clock = { at: Date.now() };
    setClockForTests(() => new Date(clock.at));
    const { variant, buyer, cart, providerOrderId, order } = await openOrder(1);
    setSandboxWebhookMode('manual');
    const failed = await sandboxPay(providerOrderId, 'failure');
    expect(failed.error?.reason).toBe('payment_failed');
    await flushSandboxWebhooks();
    const [afterFailure] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(afterFailure?.state).toBe('failed');

    // Someone else cannot take the last unit meanwhile.
    const other = await quickUser(db());
    const refused = await call(createMerchOrder, { token: other.token, body: { amount: 300, cart } });
    expect(refused.status).toBe(409);

    // The buyer's retry on the same order succeeds.
    setSandboxWebhookMode('off');
    const retry = await sandboxPay(providerOrderId);
    const paid = await call(orderMerchandise, {
      token: buyer.token,
      body: { userId: buyer.userId, cart, payData: retry },
    });
    expect(paid.status).toBe(201);
    const [row] = await db().select().from(merchandiseVariants).where(eq(merchandiseVariants.id, variant.id));
    expect(row?.sold).toBe(1);
  });

  it('gives a failed order’s place back when the order expires', async () => {
    const clock = { at: Date.now() };
    setClockForTests(() => new Date(clock.at));
    const { providerOrderId, order } = await openOrder(1);
    setSandboxWebhookMode('manual');
    await sandboxPay(providerOrderId, 'failure');
    await flushSandboxWebhooks();
    const [failed] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(failed?.state).toBe('failed');
    clock.at += 31 * 60_000;
    const report = await reconcilePayments(db(), { minAgeSeconds: 0 });
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const [expired] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(expired?.state).toBe('expired');
    const holds = await db().select().from(stockHolds).where(eq(stockHolds.paymentOrderId, order.id));
    expect(holds.every((h) => h.releasedAt !== null)).toBe(true);
  });

  it('has reconciliation complete a refund that was decided but never reached the provider', async () => {
    const clock = { at: Date.now() };
    setClockForTests(() => new Date(clock.at));
    const { providerOrderId, order } = await openOrder();
    const pay = await sandboxPay(providerOrderId);
    // As if a settlement had decided the refund and its process stopped before calling the provider.
    await db().insert(paymentRefunds).values({
      providerPaymentId: pay.razorpay_payment_id,
      paymentOrderId: order.id,
      amountPaise: 30000,
      reason: 'Size M sold out while your payment was on its way.',
    });
    await db().update(paymentOrders).set({ state: 'refunded' }).where(eq(paymentOrders.id, order.id));
    clock.at += 2 * 60_000;
    const report = await reconcilePayments(db(), { minAgeSeconds: 0 });
    expect(report.refunded).toBe(1);
    const payment = await paymentProvider().client.fetchPayment(pay.razorpay_payment_id);
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 30000 });
    const [decision] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.providerPaymentId, pay.razorpay_payment_id));
    expect(decision?.refundedAt).not.toBeNull();
    expect((await reconcilePayments(db(), { minAgeSeconds: 0 })).refunded).toBe(0);
  });

  describe('when the payment provider is unreachable or slow', () => {
    const unreachable = () => () => Promise.reject(new Error('connect ECONNREFUSED'));
    /** A provider that takes its time: longer than the (shortened) timeout. */
    const slow = () => () => new Promise<Response>(() => {});

    for (const [fault, wrap] of [
      ['unreachable', unreachable],
      ['slow', slow],
    ] as const) {
      it(`answers create-order within the timeout with a clear message and gives the place back (${fault})`, async () => {
        const [variant] = await newTee(db(), {
          name: 'Offline Tee',
          pricePaise: 30000,
          stockBySize: { M: 1 },
        });
        const buyer = await quickUser(db());
        const cart = [{ variantId: variant!.id, qty: 1 }];
        setPaymentTransportForTests(wrap, 300);
        const started = Date.now();
        const answer = await call(createMerchOrder, { token: buyer.token, body: { amount: 300, cart } });
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(answer).toMatchObject({
          status: 503,
          body: { message: 'The payment service is not reachable right now. Please try again in a minute.' },
        });
        setPaymentTransportForTests(undefined);
        // The unit was not kept by the failed attempt: another buyer gets it.
        const other = await quickUser(db());
        const next = await call(createMerchOrder, { token: other.token, body: { amount: 300, cart } });
        expect(next.status).toBe(200);
      });
    }

    it('answers a confirmation 503 while the provider is away, and the retry later completes it', async () => {
      const { buyer, cart, providerOrderId, order } = await openOrder();
      const pay = await sandboxPay(providerOrderId);
      setPaymentTransportForTests(unreachable, 300);
      const during = await call(orderMerchandise, {
        token: buyer.token,
        body: { userId: buyer.userId, cart, payData: pay },
      });
      expect(during).toMatchObject({ status: 503, body: { message: paymentServiceUnavailable } });
      const [waiting] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
      expect(waiting?.state).toBe('created');

      setPaymentTransportForTests(undefined);
      const after = await call(orderMerchandise, {
        token: buyer.token,
        body: { userId: buyer.userId, cart, payData: pay },
      });
      expect(after.status).toBe(201);
      const confirmations = (await listOutbox(db(), { to: buyer.email })).filter(
        (m) => !m.subject.includes('refunded'),
      );
      expect(confirmations).toHaveLength(1);
    });
  });

  it('never leaves a mail row behind for an outcome that rolled back', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox);
    const { order } = await openOrder();
    // A payment id the provider does not know: refused before anything is written.
    await expect(settleOrder(db(), order.id, 'pay_unknown')).rejects.toThrow(
      'This payment is unknown to the payment provider.',
    );
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
