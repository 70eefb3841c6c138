import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as confirmStay } from '@/app/api/accommodation/confirm-user-accommodation/route';
import { POST as contentUpload } from '@/app/api/admin/content-image/route';
import { POST as upload } from '@/app/api/admin/upload/route';
import { GET as getMerchandise } from '@/app/api/merchandise/get-merchandise/route';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { POST as joinWaitingList } from '@/app/api/waiting-lists/route';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import type { MerchandiseProduct } from '@/lib/schemas/shop-rules';
import { merchandiseVariants, paymentOrders, stockHolds } from '@/lib/server/db/schema';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { call, multipartRequest } from '../support/api';
import { quickUser } from '../support/accounts';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';
import { newStay, newTee } from '../support/fixtures';

type Person = Awaited<ReturnType<typeof quickUser>>;
type OrderAnswer = { message: string; data: { order: { id: string } } };

afterEach(() => {
  setClockForTests(undefined);
  setSandboxWebhookMode('immediate');
});

const multipart = (url: string, token: string) => multipartRequest(url, token);

async function send(handler: typeof upload, request: Request) {
  const response = await handler(request, { params: Promise.resolve({}) });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data?: { url: string } },
  };
}

describeEachDatabase('one account cannot hold stock without paying', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });
  beforeEach(() => setSandboxWebhookMode('off'));

  async function tee(stock: number) {
    const [m, l] = await newTee(db(), {
      name: 'Hold Tee',
      pricePaise: 10000,
      stockBySize: { M: stock, L: stock },
    });
    return { m: m!, l: l! };
  }

  async function stay(capacity: number) {
    return newStay(db(), { label: 'Hold hall', capacity, pricePerNight: 300, days: 1 });
  }

  /** Units of an item held right now by one account's orders. */
  async function heldBy(
    person: Person,
    kind: 'merchandise_variant' | 'accommodation_option',
    itemIds: number[],
  ) {
    const [row] = await db()
      .select({ n: sql<number>`cast(coalesce(sum(${stockHolds.quantity}), 0) as int)` })
      .from(stockHolds)
      .innerJoin(paymentOrders, eq(paymentOrders.id, stockHolds.paymentOrderId))
      .where(
        and(
          eq(paymentOrders.userId, person.userId),
          eq(stockHolds.kind, kind),
          inArray(stockHolds.itemId, itemIds),
          isNull(stockHolds.releasedAt),
          isNull(stockHolds.convertedAt),
          gt(stockHolds.expiresAt, new Date()),
        ),
      );
    return Number(row?.n ?? 0);
  }

  async function proof(person: Person) {
    return (await send(upload, multipart('http://localhost/api/admin/upload', person.token))).body.data!.url;
  }

  describe('accommodation', () => {
    it('holds one place per account however many unpaid orders it makes, even in parallel', async () => {
      const option = await stay(10);
      const hoarder = await quickUser(db());
      const url = await proof(hoarder);
      const attempts = await Promise.all(
        Array.from({ length: 10 }, () =>
          call<OrderAnswer>(createStayOrder, {
            token: hoarder.token,
            body: { amount: 300, accommodationId: option.id, identityProofUrl: url },
          }),
        ),
      );
      expect(attempts.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(await heldBy(hoarder, 'accommodation_option', [option.id])).toBe(1);
      // Nine places are still there for honest guests.
      const guest = await quickUser(db());
      const answer = await call(createStayOrder, {
        token: guest.token,
        body: { amount: 300, accommodationId: option.id, identityProofUrl: await proof(guest) },
      });
      expect(answer.status).toBe(200);
    });

    it('lets a guest who closed the checkout try again, and books the newest order', async () => {
      const option = await stay(1);
      const guest = await quickUser(db());
      const url = await proof(guest);
      const body = { amount: 300, accommodationId: option.id, identityProofUrl: url };
      const first = await call<OrderAnswer>(createStayOrder, { token: guest.token, body });
      const second = await call<OrderAnswer>(createStayOrder, { token: guest.token, body });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await heldBy(guest, 'accommodation_option', [option.id])).toBe(1);
      const payData = await sandboxPay(second.body.data.order.id);
      const confirmed = await call(confirmStay, {
        token: guest.token,
        body: { userId: guest.userId, accommodationId: option.id, identityProofUrl: url, payData },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    });
  });

  describe('merchandise', () => {
    it('refuses more than 10 T-shirts in one order with a clear message', async () => {
      const { m, l } = await tee(50);
      const buyer = await quickUser(db());
      const answer = await call(createMerchOrder, {
        token: buyer.token,
        body: {
          amount: 1100,
          cart: [
            { variantId: m.id, qty: 6 },
            { variantId: l.id, qty: 5 },
          ],
        },
      });
      expect(answer).toMatchObject({
        status: 409,
        body: {
          reason: 'hold_limit',
          message:
            'At most 10 T-shirts can be ordered at a time. Please pay for these first, then order the rest.',
        },
      });
      expect(await heldBy(buyer, 'merchandise_variant', [m.id, l.id])).toBe(0);
    });

    it('holds at most one unpaid order per account: 3 carts of 10 leave 10 held, even in parallel', async () => {
      // 40: 10 is the most one account may hold of it (a quarter, hold-cap.ts).
      const { m } = await tee(40);
      const hoarder = await quickUser(db());
      const attempts = await Promise.all(
        Array.from({ length: 3 }, () =>
          call(createMerchOrder, {
            token: hoarder.token,
            body: { amount: 1000, cart: [{ variantId: m.id, qty: 10 }] },
          }),
        ),
      );
      expect(attempts.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(await heldBy(hoarder, 'merchandise_variant', [m.id])).toBe(10);
      const honest = await quickUser(db());
      const answer = await call(createMerchOrder, {
        token: honest.token,
        body: { amount: 1000, cart: [{ variantId: m.id, qty: 10 }] },
      });
      expect(answer.status).toBe(200);
    });

    const capMessage = (cap: number, size: string) =>
      `At most ${cap} of Size ${size} can be ordered at a time, so that others can buy it too. Please lower the quantity, or pay for these first and then order more.`;

    /** Whether the public shop lists a size as available. */
    async function listedAvailable(variantId: number) {
      const answer = await call<{ data: MerchandiseProduct[] }>(getMerchandise);
      return answer.body.data.flatMap((p) => p.variants).find((v) => v.id === variantId)?.isAvailable;
    }

    it('lets one account hold at most a quarter of a small size, so the shop still shows it to others', async () => {
      const { m } = await tee(6);
      const hoarder = await quickUser(db());
      const all = await call(createMerchOrder, {
        token: hoarder.token,
        body: { amount: 600, cart: [{ variantId: m.id, qty: 6 }] },
      });
      expect(all).toMatchObject({ status: 409, body: { reason: 'hold_limit', message: capMessage(1, 'M') } });
      const two = await call(createMerchOrder, {
        token: hoarder.token,
        body: { amount: 200, cart: [{ variantId: m.id, qty: 2 }] },
      });
      expect(two).toMatchObject({ status: 409, body: { message: capMessage(1, 'M') } });
      expect(await heldBy(hoarder, 'merchandise_variant', [m.id])).toBe(0);
      // At least 1: the last units stay buyable.
      const one = await call(createMerchOrder, {
        token: hoarder.token,
        body: { amount: 100, cart: [{ variantId: m.id, qty: 1 }] },
      });
      expect(one.status).toBe(200);
      expect(await heldBy(hoarder, 'merchandise_variant', [m.id])).toBe(1);
      expect(await listedAvailable(m.id)).toBe(true);
    });

    it('sets the cap at a quarter of what is not yet sold, rounded down: 5 of 20, 10 of 40, 1 of the last 7', async () => {
      const buyer = await quickUser(db());
      const order = (variantId: number, qty: number) =>
        call(createMerchOrder, {
          token: buyer.token,
          body: { amount: 100 * qty, cart: [{ variantId, qty }] },
        });
      const twenty = (await tee(20)).m;
      expect((await order(twenty.id, 6)).body).toMatchObject({ message: capMessage(5, 'M') });
      expect((await order(twenty.id, 5)).status).toBe(200);
      const forty = (await tee(40)).l;
      expect((await order(forty.id, 10)).status).toBe(200);
      // 33 of 40 sold: the last 7 go one per account at a time.
      await db().update(merchandiseVariants).set({ sold: 33 }).where(eq(merchandiseVariants.id, forty.id));
      expect((await order(forty.id, 2)).body).toMatchObject({
        reason: 'hold_limit',
        message: capMessage(1, 'L'),
      });
      expect((await order(forty.id, 1)).status).toBe(200);
      // Each size of a cart is capped on its own.
      const both = await tee(8);
      const cart = await call(createMerchOrder, {
        token: buyer.token,
        body: {
          amount: 500,
          cart: [
            { variantId: both.m.id, qty: 2 },
            { variantId: both.l.id, qty: 3 },
          ],
        },
      });
      expect(cart).toMatchObject({ status: 409, body: { message: capMessage(2, 'L') } });
    });

    it('still delivers an earlier order that is paid after a newer one replaced its hold, while stock lasts', async () => {
      const { m } = await tee(5);
      const buyer = await quickUser(db());
      const cart = [{ variantId: m.id, qty: 1 }];
      const first = await call<OrderAnswer>(createMerchOrder, {
        token: buyer.token,
        body: { amount: 100, cart },
      });
      const second = await call<OrderAnswer>(createMerchOrder, {
        token: buyer.token,
        body: { amount: 100, cart },
      });
      expect([first.status, second.status]).toEqual([200, 200]);
      const payData = await sandboxPay(first.body.data.order.id);
      const answer = await call(orderMerchandise, {
        token: buyer.token,
        body: { userId: buyer.userId, cart: [{ ...cart[0], totalPrice: 100 }], payData },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    });
  });

  describe('renewing a hold of the last unit', () => {
    // The cap leaves one account the last unit of an item (at least 1). It cannot keep renewing it once
    // anyone waits for it: the people waiting count against what is left, the hoarder's own hold aside.
    it('is refused once someone waits for the size or the stay, so the unit goes to the list', async () => {
      const { m } = await tee(1);
      const option = await stay(1);
      const [hoarder, waiting] = [await quickUser(db()), await quickUser(db())];
      const url = await proof(hoarder);
      const holdTee = () =>
        call(createMerchOrder, {
          token: hoarder.token,
          body: { amount: 100, cart: [{ variantId: m.id, qty: 1 }] },
        });
      const holdStay = () =>
        call(createStayOrder, {
          token: hoarder.token,
          body: { amount: 300, accommodationId: option.id, identityProofUrl: url },
        });
      expect([(await holdTee()).status, (await holdStay()).status]).toEqual([200, 200]);
      // Renewing with a new order works while nobody waits.
      expect([(await holdTee()).status, (await holdStay()).status]).toEqual([200, 200]);
      for (const body of [
        { kind: 'merchandise_variant', itemId: m.id },
        { kind: 'accommodation_option', itemId: option.id },
      ]) {
        expect((await call(joinWaitingList, { token: waiting.token, body })).status).toBe(201);
      }
      expect(await holdTee()).toMatchObject({ status: 409, body: { reason: 'sold_out' } });
      expect(await holdStay()).toMatchObject({ status: 409, body: { reason: 'sold_out' } });
    });
  });

  describe('uploads', () => {
    it('accepts 10 identity proofs a day per account, then answers 429 until a day has passed', async () => {
      const clock = { at: Date.now() };
      setClockForTests(() => new Date(clock.at));
      const person = await quickUser(db());
      for (let i = 0; i < 10; i += 1) {
        const answer = await send(upload, multipart('http://localhost/api/admin/upload', person.token));
        expect(answer.status, answer.body.message).toBe(201);
      }
      const refused = await send(upload, multipart('http://localhost/api/admin/upload', person.token));
      expect(refused).toMatchObject({
        status: 429,
        body: {
          message:
            'You have uploaded 10 files in the last 24 hours, the most we accept. Please use one you already uploaded, or try again tomorrow.',
        },
      });
      const other = await quickUser(db());
      expect((await send(upload, multipart('http://localhost/api/admin/upload', other.token))).status).toBe(
        201,
      );
      clock.at += 24 * 3600_000 + 1000;
      expect((await send(upload, multipart('http://localhost/api/admin/upload', person.token))).status).toBe(
        201,
      );
    });

    it('holds under parallel uploads', async () => {
      const person = await quickUser(db());
      const answers = await Promise.all(
        Array.from({ length: 14 }, () =>
          send(upload, multipart('http://localhost/api/admin/upload', person.token)),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    });

    it('does not limit organisers’ content files for the console', async () => {
      const organiser = await quickUser(db(), { role: 'organiser' });
      for (let i = 0; i < 12; i += 1) {
        const answer = await send(
          contentUpload,
          multipart('http://localhost/api/admin/content-image', organiser.token),
        );
        expect(answer.status, answer.body.message).toBe(201);
      }
    });
  });
});
