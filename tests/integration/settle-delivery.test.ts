import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { POST as upload } from '@/app/api/admin/upload/route';
import { POST as confirmStay } from '@/app/api/accommodation/confirm-user-accommodation/route';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import { POST as createEventOrder } from '@/app/api/payment/create-event-order/route';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  accommodationBookings,
  merchandiseOrders,
  participationOptions,
  paymentOrders,
  paymentRefunds,
  stockHolds,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { listOutbox } from '@/lib/server/mail/mail-service';
import { CannotDeliver } from '@/lib/server/payments/cannot-deliver';
import { paymentProvider } from '@/lib/server/payments/provider';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { refundedMessage, settleOrder } from '@/lib/server/payments/settle';
import { insertRegistration } from '@/lib/server/services/event-registration-fulfilment';
import { merchandiseFulfiller } from '@/lib/server/services/merchandise-fulfilment';
import { call, multipartRequest } from '../support/api';
import { quickUser } from '../support/accounts';
import { createTestEvent, liveRegistrations, registerPaidSolo } from '../support/events';
import { newStay, png } from '../support/fixtures';
import { openTeeOrder } from '../support/shop';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

/*
 * Settlement refunds a payment only on its fulfiller's cannot-deliver answer (CannotDeliver, with the
 * reason the buyer is shown). Any other error from the fulfilment, an AppError 'conflict' included, is a
 * fault or a bug: the settlement fails and the order stays unsettled, for reconciliation to settle later.
 */

// Places changed by a registration revalidate the events' pages through next/cache, which needs Next's
// request context: nothing to record here.
vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

afterEach(() => {
  vi.restoreAllMocks();
  setSandboxWebhookMode('immediate');
});

type Person = Awaited<ReturnType<typeof quickUser>>;

describeEachDatabase('settlement decides delivery by the fulfiller’s answer', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });
  // Each payment is settled by the call the test makes, not by a webhook meanwhile.
  beforeEach(() => setSandboxWebhookMode('off'));

  /** A buyer's open order, with its hold, for one T-shirt of a size holding 5, paid at the provider. */
  async function paidTeeOrder() {
    const { buyer, cart, order, providerOrderId } = await openTeeOrder(db(), {
      name: 'Settle Tee',
      stock: 5,
    });
    const payData = await sandboxPay(providerOrderId);
    return { buyer, cart, order, payData };
  }

  async function storedOrder(id: string) {
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, id));
    return order!;
  }

  async function refundsOf(paymentId: string) {
    return db().select().from(paymentRefunds).where(eq(paymentRefunds.providerPaymentId, paymentId));
  }

  const refundMails = async (email: string) =>
    (await listOutbox(db(), { to: email })).filter((m) => m.subject.includes('refunded'));

  it('fails the settlement on an AppError from the fulfilment, refunds nothing, and settles it later', async () => {
    const { buyer, cart, order, payData } = await paidTeeOrder();
    const refusal = new AppError('conflict', 'A refusal added deep in the fulfilment.');
    vi.spyOn(merchandiseFulfiller, 'fulfil').mockRejectedValue(refusal);

    await expect(settleOrder(db(), order.id, payData.razorpay_payment_id)).rejects.toBe(refusal);
    // The buyer's confirmation gets the same error, not a refund.
    const confirmed = await call(orderMerchandise, {
      token: buyer.token,
      body: { userId: buyer.userId, cart, payData },
    });
    expect(confirmed).toMatchObject({ status: 409, body: { message: refusal.message } });

    // Nothing was decided: the order is as it was, its hold still open, the payment still captured.
    expect(await storedOrder(order.id)).toMatchObject({
      state: 'created',
      providerPaymentId: null,
      failureReason: null,
    });
    expect(await refundsOf(payData.razorpay_payment_id)).toEqual([]);
    const payment = await paymentProvider().client.fetchPayment(payData.razorpay_payment_id);
    expect(payment).toMatchObject({ status: 'captured', amount_refunded: 0 });
    expect(await refundMails(buyer.email)).toEqual([]);
    const holds = await db().select().from(stockHolds).where(eq(stockHolds.paymentOrderId, order.id));
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ releasedAt: null, convertedAt: null });

    // Once the fault is gone, reconciliation settles the order it left behind.
    vi.restoreAllMocks();
    const report = await reconcilePayments(db(), { minAgeSeconds: 0 });
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await storedOrder(order.id)).toMatchObject({
      state: 'fulfilled',
      providerPaymentId: payData.razorpay_payment_id,
    });
    const sales = await db()
      .select()
      .from(merchandiseOrders)
      .where(eq(merchandiseOrders.paymentOrderId, order.id));
    expect(sales).toHaveLength(1);
    expect(await refundsOf(payData.razorpay_payment_id)).toEqual([]);
  });

  it('refunds once on the fulfiller’s cannot-deliver answer, with its reason', async () => {
    const { buyer, cart, order, payData } = await paidTeeOrder();
    const reason = 'The print run of this T-shirt was lost.';
    vi.spyOn(merchandiseFulfiller, 'fulfil').mockRejectedValue(new CannotDeliver(reason));

    expect(await settleOrder(db(), order.id, payData.razorpay_payment_id)).toEqual({
      outcome: 'refunded',
      reason,
    });
    // Confirmed again (the browser after the webhook): the same answer, still one refund.
    const confirmed = await call(orderMerchandise, {
      token: buyer.token,
      body: { userId: buyer.userId, cart, payData },
    });
    expect(confirmed).toMatchObject({ status: 409, body: { message: refundedMessage(reason) } });

    expect(await storedOrder(order.id)).toMatchObject({
      state: 'refunded',
      providerPaymentId: payData.razorpay_payment_id,
      failureReason: reason,
    });
    const refunds = await refundsOf(payData.razorpay_payment_id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ reason, amountPaise: 30000, refundedAt: expect.any(Date) });
    const payment = await paymentProvider().client.fetchPayment(payData.razorpay_payment_id);
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 30000 });
    expect(await refundMails(buyer.email)).toHaveLength(1);
    const holds = await db().select().from(stockHolds).where(eq(stockHolds.paymentOrderId, order.id));
    expect(holds.every((h) => h.releasedAt !== null && h.convertedAt === null)).toBe(true);
  });

  /** A paid event order of one person for a solo option (placed while the option has the limit it has). */
  async function paidSoloOrder(person: Person, eventId: number, optionId: number) {
    const created = await call<{ data: { order: { id: string } } }>(createEventOrder, {
      token: person.token,
      body: { amount: 150, eventId, participationId: optionId, emails: [person.email] },
    });
    expect(created.status).toBe(200);
    return sandboxPay(created.body.data.order.id);
  }

  it('refunds a team whose option reached a limit set after its order, which held no place', async () => {
    // Unlimited when ordered: the order holds nothing, and its place is counted when it is paid.
    const { event, option } = await createTestEvent(db(), { price: 150, min: 1, max: 1 });
    const [late, other] = [await quickUser(db()), await quickUser(db())];
    const payData = await paidSoloOrder(late, event.id, option.id);
    await db()
      .update(participationOptions)
      .set({ placeLimit: 1 })
      .where(eq(participationOptions.id, option.id));
    await db().transaction((tx) =>
      insertRegistration(tx, {
        eventId: event.id,
        participationId: option.id,
        teamName: null,
        memberUserIds: [other.userId],
        paymentOrderId: null,
        amountPaise: 0,
        isDaStudent: false,
      }),
    );

    const answer = await registerPaidSolo(late, event.id, option.id, payData);
    const reason = `Solo for ${event.name} is full.`;
    expect(answer).toMatchObject({ status: 409, body: { message: refundedMessage(reason) } });
    expect(await refundsOf(payData.razorpay_payment_id)).toMatchObject([{ reason }]);
    expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
  });

  it('refunds a team whose option was removed after its order', async () => {
    const { event, option } = await createTestEvent(db(), { price: 150, min: 1, max: 1, placeLimit: 5 });
    const buyer = await quickUser(db());
    const payData = await paidSoloOrder(buyer, event.id, option.id);
    await db().delete(participationOptions).where(eq(participationOptions.id, option.id));

    const answer = await registerPaidSolo(buyer, event.id, option.id, payData);
    const reason = 'This way of taking part no longer exists.';
    expect(answer).toMatchObject({ status: 409, body: { message: refundedMessage(reason) } });
    expect(await refundsOf(payData.razorpay_payment_id)).toMatchObject([{ reason }]);
  });

  it('refunds a stay paid for by someone who has a booking already', async () => {
    const [first, second] = [
      await newStay(db(), { label: 'Settle hall', capacity: 5, pricePerNight: 500, days: 1 }),
      await newStay(db(), { label: 'Settle hall', capacity: 5, pricePerNight: 500, days: 1 }),
    ];
    const guest = await quickUser(db());
    const saved = await upload(
      multipartRequest('http://localhost/api/admin/upload', guest.token, { bytes: png, name: 'id.png' }),
      { params: Promise.resolve({}) },
    );
    const proof = ((await saved.json()) as { data: { url: string } }).data.url;
    // Two checkouts side by side, both paid: the second order took the first one's hold over.
    const paid: { option: typeof first; payData: Awaited<ReturnType<typeof sandboxPay>> }[] = [];
    for (const option of [first, second]) {
      const created = await call<{ data: { order: { id: string } } }>(createStayOrder, {
        token: guest.token,
        body: { amount: 500, accommodationId: option.id, identityProofUrl: proof },
      });
      expect(created.status).toBe(200);
      paid.push({ option, payData: await sandboxPay(created.body.data.order.id) });
    }
    const confirm = ({ option, payData }: (typeof paid)[number]) =>
      call(confirmStay, {
        token: guest.token,
        body: { userId: guest.userId, accommodationId: option.id, identityProofUrl: proof, payData },
      });
    expect((await confirm(paid[1]!)).status).toBe(201);

    const reason = 'Someone in this purchase already has it.';
    expect(await confirm(paid[0]!)).toMatchObject({
      status: 409,
      body: { message: refundedMessage(reason) },
    });
    expect(await refundsOf(paid[0]!.payData.razorpay_payment_id)).toMatchObject([{ reason }]);
    const bookings = await db()
      .select()
      .from(accommodationBookings)
      .where(eq(accommodationBookings.userId, guest.userId));
    expect(bookings).toMatchObject([{ optionId: second.id }]);
  });
});
