import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATCH as patchEvent } from '@/app/api/admin/event/[id]/route';
import { POST as refundRoute } from '@/app/api/admin/payments/[id]/refund/route';
import { POST as createOrder } from '@/app/api/payment/create-event-order/route';
import type { AdminEvent } from '@/lib/schemas/admin-events';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { participationOptions, paymentOrders, paymentRefunds } from '@/lib/server/db/schema';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { getEvent } from '@/lib/server/services/content';
import { signalExpiredHolds } from '@/lib/server/inventory';
import { placesLeft as freshPlacesLeft } from '@/lib/server/services/places';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import {
  createTestEvent,
  liveRegistrations,
  patchSoloPlaceLimit,
  registerFreeSolo,
  registerPaidSolo,
} from '../support/events';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

// A registration that changes places left revalidates the events' pages through next/cache, which needs
// Next's request context: record the tags instead.
const cache = vi.hoisted(() => ({ revalidated: [] as string[] }));
vi.mock('next/cache', () => ({
  revalidateTag: (tag: string) => {
    cache.revalidated.push(tag);
  },
  unstable_cache: <T>(fn: T) => fn,
}));

type Person = Awaited<ReturnType<typeof quickUser>>;
type OrderAnswer = { message: string; data: { order: { id: string; amount: number } } };

afterEach(() => {
  setClockForTests(undefined);
  setSandboxWebhookMode('immediate');
});

describeEachDatabase('limited places of participation options', (current) => {
  const db = () => current().db;
  let organiser: Person;
  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });
  // Payments are confirmed from the "browser"; webhooks would only settle them a second time.
  beforeEach(() => setSandboxWebhookMode('off'));

  /** A solo option of a new event, limited to `limit` places (null: unlimited). */
  async function soloOption(price: number, limit: number | null) {
    return createTestEvent(db(), { price, min: 1, max: 1, placeLimit: limit });
  }

  function order(person: Person, eventId: number, optionId: number, amount: number) {
    return call<OrderAnswer>(createOrder, {
      token: person.token,
      body: { amount, eventId, participationId: optionId, emails: [person.email] },
    });
  }

  async function placesLeft(eventId: number) {
    return (await getEvent(db(), { eventId }))!.participations[0]!.places_left;
  }

  const minutesLater = (minutes: number) => {
    const at = Date.now() + minutes * 60_000;
    setClockForTests(() => new Date(at));
  };

  describe('free registrations', () => {
    it('30 teams at once for 3 places: exactly 3 registered, 27 told the option is full', async () => {
      const { event, option } = await soloOption(0, 3);
      const people = await Promise.all(Array.from({ length: 30 }, () => quickUser(db())));
      cache.revalidated.length = 0;
      const answers = await Promise.all(people.map((p) => registerFreeSolo(p, event.id, option.id)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(27);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.message).toBe(`Solo for ${event.name} is full.`);
      }
      expect(await liveRegistrations(db(), event.id)).toHaveLength(3);
      expect(await placesLeft(event.id)).toBe(0);
      // The cached pages that show places left were told.
      expect(cache.revalidated).toContain('content:events');
    });

    it('says how many places are left, and leaves unlimited options unlimited', async () => {
      const limited = await soloOption(0, 5);
      expect(await placesLeft(limited.event.id)).toBe(5);
      const first = await quickUser(db());
      expect((await registerFreeSolo(first, limited.event.id, limited.option.id)).status).toBe(201);
      expect(await placesLeft(limited.event.id)).toBe(4);

      const open = await soloOption(0, null);
      const people = await Promise.all(Array.from({ length: 6 }, () => quickUser(db())));
      cache.revalidated.length = 0;
      const answers = await Promise.all(
        people.map((p) => registerFreeSolo(p, open.event.id, open.option.id)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
      expect(await placesLeft(open.event.id)).toBeNull();
      // Nothing shown changes with an unlimited option's registrations: no page is revalidated for them.
      expect(cache.revalidated).toEqual([]);
    });
  });

  describe('paid registrations', () => {
    it('holds the place from order to payment, and frees it when the hold expires', async () => {
      const { event, option } = await soloOption(150, 1);
      const [first, second] = [await quickUser(db()), await quickUser(db())];
      expect((await order(first, event.id, option.id, 150)).status).toBe(200);
      expect(await placesLeft(event.id)).toBe(0);
      expect(await order(second, event.id, option.id, 150)).toMatchObject({
        status: 409,
        body: { message: `Solo for ${event.name} is full.` },
      });
      // The first buyer's hold runs out unpaid: the place is free again.
      minutesLater(16);
      expect(await placesLeft(event.id)).toBe(1);
      const taken = await order(second, event.id, option.id, 150);
      expect(taken.status).toBe(200);
      const payData = await sandboxPay(taken.body.data.order.id);
      expect((await registerPaidSolo(second, event.id, option.id, payData)).status).toBe(201);
      expect(await placesLeft(event.id)).toBe(0);
    });

    it("counts a buyer's own unpaid hold as theirs: their screen shows the place, and their next order takes it", async () => {
      const { event, option } = await soloOption(150, 1);
      const [buyer, other] = [await quickUser(db()), await quickUser(db())];
      expect((await order(buyer, event.id, option.id, 150)).status).toBe(200);
      // The registration screen's figures (the page reads them with the viewer's id).
      expect((await freshPlacesLeft(db(), [option.id], buyer.userId)).get(option.id)).toBe(1);
      expect((await freshPlacesLeft(db(), [option.id], other.userId)).get(option.id)).toBe(0);
      expect((await freshPlacesLeft(db(), [option.id])).get(option.id)).toBe(0);
      // Back from a closed payment window, the buyer orders again: the new order takes over the hold.
      expect((await order(buyer, event.id, option.id, 150)).status).toBe(200);
      expect((await order(other, event.id, option.id, 150)).status).toBe(409);
      expect(await placesLeft(event.id)).toBe(0);
    });

    it('announces a place whose hold lapsed unpaid once, so the cached pages stop saying Full', async () => {
      const { event, option } = await soloOption(150, 1);
      const buyer = await quickUser(db());
      expect((await order(buyer, event.id, option.id, 150)).status).toBe(200);
      expect((await signalExpiredHolds(db())).map((item) => item.itemId)).not.toContain(option.id);
      // Nothing is written when the hold runs out: the job finds it and revalidates the events' pages.
      minutesLater(16);
      cache.revalidated.length = 0;
      expect((await signalExpiredHolds(db())).map((item) => item.itemId)).toContain(option.id);
      expect(cache.revalidated).toContain('content:events');
      // The next run looks only at the time since: the lapse is not announced twice.
      expect((await signalExpiredHolds(db())).map((item) => item.itemId)).not.toContain(option.id);
    });

    it('refunds once a payment whose hold expired when the option has filled up meanwhile', async () => {
      const { event, option } = await soloOption(150, 1);
      const [late, prompt] = [await quickUser(db()), await quickUser(db())];
      const lateOrder = await order(late, event.id, option.id, 150);
      expect(lateOrder.status).toBe(200);
      minutesLater(16);
      const promptOrder = await order(prompt, event.id, option.id, 150);
      expect(promptOrder.status).toBe(200);
      const promptPay = await sandboxPay(promptOrder.body.data.order.id);
      expect((await registerPaidSolo(prompt, event.id, option.id, promptPay)).status).toBe(201);

      // The late buyer pays after all: their hold had expired and the only place is taken.
      const latePay = await sandboxPay(lateOrder.body.data.order.id);
      const reason = `Solo for ${event.name} filled up while your payment was on its way.`;
      const refused = await registerPaidSolo(late, event.id, option.id, latePay);
      expect(refused).toMatchObject({
        status: 409,
        body: { message: `Your payment has been refunded. ${reason}` },
      });
      // Confirmed again (a retry, the webhook): the same answer, and still one refund.
      const again = await registerPaidSolo(late, event.id, option.id, latePay);
      expect(again).toMatchObject({
        status: 409,
        body: { message: `Your payment has been refunded. ${reason}` },
      });
      const refunds = await db()
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.providerPaymentId, latePay.razorpay_payment_id));
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ reason, refundedAt: expect.any(Date) });
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
    });

    it('paid teams converting their holds while free teams register at once: never over the limit', async () => {
      // Institute students register free for this event; everyone else pays, holding a place meanwhile.
      const { event, option } = await createTestEvent(db(), {
        price: 150,
        min: 1,
        max: 1,
        instituteFeeWaived: true,
      });
      await db()
        .update(participationOptions)
        .set({ placeLimit: 3 })
        .where(eq(participationOptions.id, option.id));
      const payers = [await quickUser(db()), await quickUser(db())];
      const orders = await Promise.all(payers.map((p) => order(p, event.id, option.id, 150)));
      expect(orders.map((o) => o.status)).toEqual([200, 200]);
      const payments = await Promise.all(orders.map((o) => sandboxPay(o.body.data.order.id)));
      const stamp = Date.now();
      const students = await Promise.all(
        Array.from({ length: 10 }, (_, i) => quickUser(db(), { email: `student${i}.${stamp}@daiict.ac.in` })),
      );
      const answers = await Promise.all([
        ...payers.map((p, i) => registerPaidSolo(p, event.id, option.id, payments[i]!)),
        ...students.map((s) => registerFreeSolo(s, event.id, option.id)),
      ]);
      // Both holders keep their places; one student gets the third, the others are told it is full.
      expect(answers.slice(0, 2).map((a) => a.status)).toEqual([201, 201]);
      expect(answers.slice(2).filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.slice(2).filter((a) => a.status === 409)).toHaveLength(9);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(3);
      expect(await placesLeft(event.id)).toBe(0);
    });

    it('gives the place of a registration the organisers refund to the next team', async () => {
      const { event, option } = await soloOption(150, 1);
      const [first, second] = [await quickUser(db()), await quickUser(db())];
      const firstOrder = await order(first, event.id, option.id, 150);
      const payData = await sandboxPay(firstOrder.body.data.order.id);
      expect((await registerPaidSolo(first, event.id, option.id, payData)).status).toBe(201);
      expect((await order(second, event.id, option.id, 150)).status).toBe(409);

      const [stored] = await db()
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, firstOrder.body.data.order.id));
      const refunded = await call(refundRoute, {
        token: organiser.token,
        params: { id: stored!.id },
        body: { reason: 'Withdrew' },
      });
      expect(refunded.status).toBe(200);
      expect(await placesLeft(event.id)).toBe(1);

      const next = await order(second, event.id, option.id, 150);
      expect(next.status).toBe(200);
      const nextPay = await sandboxPay(next.body.data.order.id);
      expect((await registerPaidSolo(second, event.id, option.id, nextPay)).status).toBe(201);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
    });
  });

  describe('the console', () => {
    const patchOptions = (event: { id: number }, option: { id: number }, placeLimit: unknown) =>
      patchSoloPlaceLimit(organiser, event.id, option.id, placeLimit);

    it('takes a whole number of at least 1 as the limit, or empty for unlimited', async () => {
      const { event, option } = await soloOption(0, null);
      for (const bad of [0, -2, 1.5, 'many']) {
        const answer = await patchOptions(event, option, bad);
        expect(answer.status, String(bad)).toBe(400);
        expect(Object.values(answer.body.errors ?? {}).join(' ') + answer.body.message).toMatch(
          /Place limit must be/,
        );
      }
      const limited = await patchOptions(event, option, '2');
      expect(limited.status).toBe(200);
      expect(limited.body.data.participations[0]).toMatchObject({ placeLimit: 2, placesTaken: 0 });
      expect(await placesLeft(event.id)).toBe(2);

      // Omitted on a change, the limit stays.
      const kept = await call<{ data: AdminEvent }>(patchEvent, {
        token: organiser.token,
        params: { id: String(event.id) },
        body: {
          participations: [
            { id: option.id, participationName: 'Single', price: 0, minRange: 1, maxRange: 1 },
          ],
        },
      });
      expect(kept.body.data.participations[0]).toMatchObject({ participationName: 'Single', placeLimit: 2 });

      const unlimited = await patchOptions(event, option, '');
      expect(unlimited.body.data.participations[0]).toMatchObject({ placeLimit: null });
      expect(await placesLeft(event.id)).toBeNull();
    });

    it('lets a limit go below the places taken: nobody is removed, the option is full', async () => {
      const { event, option } = await soloOption(0, 3);
      const people = [await quickUser(db()), await quickUser(db())];
      for (const p of people) expect((await registerFreeSolo(p, event.id, option.id)).status).toBe(201);
      const lowered = await patchOptions(event, option, 1);
      expect(lowered.status).toBe(200);
      expect(lowered.body.data.participations[0]).toMatchObject({ placeLimit: 1, placesTaken: 2 });
      expect(await liveRegistrations(db(), event.id)).toHaveLength(2);
      expect(await placesLeft(event.id)).toBe(0);
      const third = await quickUser(db());
      expect(await registerFreeSolo(third, event.id, option.id)).toMatchObject({
        status: 409,
        body: { message: `Solo for ${event.name} is full.` },
      });
    });
  });
});
