import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as getAccommodation } from '@/app/api/accommodation/get-all-accommodation/route';
import { POST as confirmStay } from '@/app/api/accommodation/confirm-user-accommodation/route';
import { POST as upload } from '@/app/api/admin/upload/route';
import { GET as getMerchandise } from '@/app/api/merchandise/get-merchandise/route';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { GET as myProfile } from '@/app/api/my-profile/[id]/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { GET as getUpload } from '@/app/api/uploads/[id]/route';
import type { AccommodationType, MerchandiseProduct } from '@/lib/schemas/shop-rules';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  accommodationBookings,
  accommodationOptions,
  merchandiseOrders,
  merchandiseVariants,
  paymentOrders,
} from '@/lib/server/db/schema';
import { listOutbox } from '@/lib/server/mail/mail-service';
import { paymentProvider } from '@/lib/server/payments/provider';
import { flushSandboxWebhooks, setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { call, multipartRequest } from '../support/api';
import { quickUser } from '../support/accounts';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';
import { newStay, newTee, png } from '../support/fixtures';

afterEach(() => {
  setClockForTests(undefined);
  setSandboxWebhookMode('immediate');
});

async function uploadProof(token: string, bytes = png, name = 'id.png') {
  const response = await upload(
    multipartRequest('http://localhost/api/admin/upload', token, { bytes, name }),
    { params: Promise.resolve({}) },
  );
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data?: { url: string } },
  };
}

describeEachDatabase('merchandise and accommodation', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });
  // These tests confirm from the "browser"; webhooks are covered in the event registration tests.
  beforeEach(() => setSandboxWebhookMode('off'));

  /** A product with one size holding `stock` units, priced 250.50. */
  async function limitedTee(stock: number) {
    const [variant] = await newTee(db(), {
      name: 'Limited Tee',
      pricePaise: 25050,
      stockBySize: { M: stock },
    });
    return variant!;
  }

  async function stay(capacity: number, pricePerNight: number | null = 500, days = 2) {
    return newStay(db(), { label: 'Test hall', capacity, pricePerNight, days });
  }

  describe('merchandise', () => {
    it('lists the T-shirt with its price, old price and sizes, XXL sold out', async () => {
      const answer = await call<{ data: MerchandiseProduct[] }>(getMerchandise);
      const [tee] = answer.body.data;
      expect(tee).toMatchObject({ price: 399, oldPrice: 450 });
      expect(tee!.variants.map((v) => v.type)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
      expect(tee!.variants.filter((v) => !v.isAvailable).map((v) => v.type)).toEqual(['XXL']);
    });

    it('lists a sold-out size as on sale (its waiting list is open) and a switched-off one as not', async () => {
      const [sold, off] = await newTee(db(), {
        name: 'Waiting Tee',
        pricePaise: 25050,
        stockBySize: { M: 0, L: 5 },
      });
      await db()
        .update(merchandiseVariants)
        .set({ isEnabled: false })
        .where(eq(merchandiseVariants.id, off!.id));
      const answer = await call<{ data: MerchandiseProduct[] }>(getMerchandise);
      const sizes = answer.body.data.flatMap((p) => p.variants);
      expect(sizes.find((v) => v.id === sold!.id)).toMatchObject({ isAvailable: false, isOnSale: true });
      expect(sizes.find((v) => v.id === off!.id)).toMatchObject({ isAvailable: false, isOnSale: false });
    });

    it('prices the cart on the server and refuses a different amount', async () => {
      // 8: one account may hold 2 of it (a quarter, hold-cap.ts).
      const variant = await limitedTee(8);
      const buyer = await quickUser(db());
      const wrong = await call(createMerchOrder, {
        token: buyer.token,
        body: { amount: 500, cart: [{ variantId: variant.id, qty: 2 }] },
      });
      expect(wrong).toMatchObject({
        status: 409,
        body: {
          reason: 'price_changed',
          message: 'The price has changed to ₹ 501.00. Please review it and try again.',
        },
      });
      const right = await call<{ data: { order: { amount: number } } }>(createMerchOrder, {
        token: buyer.token,
        body: { amount: 501, cart: [{ variantId: variant.id, qty: 2 }] },
      });
      expect(right.status).toBe(200);
      expect(right.body.data.order.amount).toBe(50100);
    });

    it('holds stock, refuses what is gone, and releases holds when they expire', async () => {
      const clock = { at: Date.now() };
      setClockForTests(() => new Date(clock.at));
      // The last unit: one account may hold all of one (hold-cap.ts), not all of a larger stock.
      const variant = await limitedTee(1);
      const [a, b] = [await quickUser(db()), await quickUser(db())];
      const first = await call(createMerchOrder, {
        token: a.token,
        body: { amount: 250.5, cart: [{ variantId: variant.id, qty: 1 }] },
      });
      expect(first.status).toBe(200);
      const listed = await call<{ data: MerchandiseProduct[] }>(getMerchandise);
      const held = listed.body.data.flatMap((p) => p.variants).find((v) => v.id === variant.id);
      expect(held?.isAvailable).toBe(false);
      const refused = await call(createMerchOrder, {
        token: b.token,
        body: { amount: 250.5, cart: [{ variantId: variant.id, qty: 1 }] },
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { message: 'Size M is sold out.', reason: 'sold_out' },
      });
      // Refused at a glance, before any order is opened for the buyer.
      expect(await db().select().from(paymentOrders).where(eq(paymentOrders.userId, b.userId))).toEqual([]);
      clock.at += 16 * 60_000;
      const later = await call(createMerchOrder, {
        token: b.token,
        body: { amount: 250.5, cart: [{ variantId: variant.id, qty: 1 }] },
      });
      expect(later.status).toBe(200);
    });

    it('turns a paid hold into one order, even when confirmed twice, and mails it', async () => {
      // 8: one account may hold 2 of it (a quarter, hold-cap.ts).
      const variant = await limitedTee(8);
      const buyer = await quickUser(db());
      const cart = [{ variantId: variant.id, qty: 2 }];
      const created = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
        token: buyer.token,
        body: { amount: 501, cart },
      });
      const payData = await sandboxPay(created.body.data.order.id);
      const body = { userId: buyer.userId, cart: [{ ...cart[0], totalPrice: 501 }], payData };
      const first = await call(orderMerchandise, { token: buyer.token, body });
      const again = await call(orderMerchandise, { token: buyer.token, body });
      expect([first.status, again.status]).toEqual([201, 201]);
      const orders = await db()
        .select()
        .from(merchandiseOrders)
        .where(eq(merchandiseOrders.userId, buyer.userId));
      expect(orders).toHaveLength(1);
      const [row] = await db()
        .select()
        .from(merchandiseVariants)
        .where(eq(merchandiseVariants.id, variant.id));
      expect(row?.sold).toBe(2);
      const profile = await call<{
        data: { merchandiseOrders: { totalPrice: number; lines: { size: string; qty: number }[] }[] };
      }>(myProfile, {
        token: buyer.token,
        params: { id: buyer.userId },
      });
      expect(profile.body.data.merchandiseOrders).toEqual([
        { id: orders[0]!.id, createdAt: expect.any(String), totalPrice: 501, lines: [{ size: 'M', qty: 2 }] },
      ]);
      const mails = await listOutbox(db(), { to: buyer.email });
      expect(mails.filter((m) => m.subject.includes('merchandise order is confirmed'))).toHaveLength(1);
    });

    it("refuses to confirm someone else's cart", async () => {
      const variant = await limitedTee(3);
      const [buyer, other] = [await quickUser(db()), await quickUser(db())];
      const created = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
        token: buyer.token,
        body: { amount: 250.5, cart: [{ variantId: variant.id, qty: 1 }] },
      });
      const payData = await sandboxPay(created.body.data.order.id);
      const answer = await call(orderMerchandise, {
        token: other.token,
        body: { userId: buyer.userId, cart: [{ variantId: variant.id, qty: 1 }], payData },
      });
      expect(answer.status).toBe(403);
    });

    it('refunds a payment that arrives after its hold expired and the size sold out', async () => {
      const clock = { at: Date.now() };
      setClockForTests(() => new Date(clock.at));
      const variant = await limitedTee(1);
      const [late, quick] = [await quickUser(db()), await quickUser(db())];
      const cart = [{ variantId: variant.id, qty: 1 }];
      const lateOrder = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
        token: late.token,
        body: { amount: 250.5, cart },
      });
      clock.at += 20 * 60_000;
      const quickOrder = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
        token: quick.token,
        body: { amount: 250.5, cart },
      });
      const quickPay = await sandboxPay(quickOrder.body.data.order.id);
      expect(
        (
          await call(orderMerchandise, {
            token: quick.token,
            body: { userId: quick.userId, cart, payData: quickPay },
          })
        ).status,
      ).toBe(201);
      const latePay = await sandboxPay(lateOrder.body.data.order.id);
      const answer = await call(orderMerchandise, {
        token: late.token,
        body: { userId: late.userId, cart, payData: latePay },
      });
      expect(answer).toMatchObject({
        status: 409,
        body: {
          message: 'Your payment has been refunded. Size M sold out while your payment was on its way.',
        },
      });
      const payment = await paymentProvider().client.fetchPayment(latePay.razorpay_payment_id);
      expect(payment.status).toBe('refunded');
      const notice = (await listOutbox(db(), { to: late.email })).find((m) => m.subject.includes('refunded'));
      expect(notice?.text).toContain('Size M sold out while your payment was on its way.');
      const [row] = await db()
        .select()
        .from(merchandiseVariants)
        .where(eq(merchandiseVariants.id, variant.id));
      expect(row?.sold).toBe(1);
    });
    it('sells the last unit to a hold paid in its last minutes, and counts it once', async () => {
      const clock = { at: Date.now() };
      setClockForTests(() => new Date(clock.at));
      const variant = await limitedTee(1);
      const buyer = await quickUser(db());
      const cart = [{ variantId: variant.id, qty: 1 }];
      const order = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
        token: buyer.token,
        body: { amount: 250.5, cart },
      });
      // Two minutes left on the hold: settled under the size's lock rather than without it.
      clock.at += 13 * 60_000;
      const pay = await sandboxPay(order.body.data.order.id);
      const answer = await call(orderMerchandise, {
        token: buyer.token,
        body: { userId: buyer.userId, cart, payData: pay },
      });
      expect(answer.status).toBe(201);
      const [row] = await db()
        .select()
        .from(merchandiseVariants)
        .where(eq(merchandiseVariants.id, variant.id));
      expect(row?.sold).toBe(1);
      const other = await quickUser(db());
      const refused = await call(createMerchOrder, { token: other.token, body: { amount: 250.5, cart } });
      expect(refused).toMatchObject({ status: 409, body: { message: 'Size M is sold out.' } });
    });

    it('refunds once when the browser and the webhook race over a purchase that sold out', async () => {
      const clock = { at: Date.now() };
      setClockForTests(() => new Date(clock.at));
      const variant = await limitedTee(1);
      const [late, quick] = [await quickUser(db()), await quickUser(db())];
      const cart = [{ variantId: variant.id, qty: 1 }];
      const lateOrder = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
        token: late.token,
        body: { amount: 250.5, cart },
      });
      clock.at += 20 * 60_000;
      const quickOrder = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
        token: quick.token,
        body: { amount: 250.5, cart },
      });
      await call(orderMerchandise, {
        token: quick.token,
        body: { userId: quick.userId, cart, payData: await sandboxPay(quickOrder.body.data.order.id) },
      });
      setSandboxWebhookMode('manual');
      const latePay = await sandboxPay(lateOrder.body.data.order.id);
      const [browser] = await Promise.all([
        call(orderMerchandise, { token: late.token, body: { userId: late.userId, cart, payData: latePay } }),
        flushSandboxWebhooks(),
      ]);
      expect(browser.status).toBe(409);
      const payment = await paymentProvider().client.fetchPayment(latePay.razorpay_payment_id);
      expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 25050 });
      const notices = (await listOutbox(db(), { to: late.email })).filter((m) =>
        m.subject.includes('refunded'),
      );
      expect(notices).toHaveLength(1);
    });
  });

  describe('uploads', () => {
    it('stores a proof privately and serves it only to its owner and organisers, as a download', async () => {
      const [owner, stranger, organiser] = [
        await quickUser(db()),
        await quickUser(db()),
        await quickUser(db(), { role: 'organiser' }),
      ];
      const saved = await uploadProof(owner.token);
      expect(saved).toMatchObject({ status: 201, body: { message: 'Image uploaded successfully' } });
      const id = saved.body.data!.url.split('/').pop()!;
      const fetchAs = (token: string) =>
        getUpload(
          new Request(`http://localhost${saved.body.data!.url}`, {
            headers: { authorization: `Bearer ${token}` },
          }),
          {
            params: Promise.resolve({ id }),
          },
        );
      const mine = await fetchAs(owner.token);
      expect(mine.status).toBe(200);
      expect(mine.headers.get('content-disposition')).toMatch(
        /^attachment; filename="upload-[0-9a-f]{8}\.png"$/,
      );
      expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await mine.arrayBuffer()).equals(png)).toBe(true);
      expect((await fetchAs(stranger.token)).status).toBe(404);
      expect((await fetchAs(organiser.token)).status).toBe(200);
    });

    it('refuses a renamed executable, an empty file and a file over 5 MB', async () => {
      const user = await quickUser(db());
      const script = Buffer.from('#!/bin/sh\necho pwned\n');
      expect(await uploadProof(user.token, script, 'photo.png')).toMatchObject({
        status: 415,
        body: { message: 'Only JPEG, PNG, WebP images and PDF files can be uploaded.' },
      });
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(100)]);
      expect((await uploadProof(user.token, elf, 'scan.pdf')).status).toBe(415);
      expect((await uploadProof(user.token, Buffer.alloc(0), 'empty.png')).status).toBe(400);
      const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      expect(await uploadProof(user.token, huge, 'big.png')).toMatchObject({
        status: 413,
        body: { message: 'The file is larger than 5 MB.' },
      });
    });
  });

  describe('accommodation', () => {
    it('lists types with nightly price and options, the seeded sold-out option unavailable', async () => {
      const answer = await call<{ data: AccommodationType[] }>(getAccommodation);
      const options = answer.body.data.flatMap((t) => t.accommodations);
      expect(options.some((o) => !o.isAvailable)).toBe(true);
      expect(answer.body.data.some((t) => t.accomodationPrice === null)).toBe(true);
      expect(options[0]).toMatchObject({
        id: expect.any(Number),
        StartDate: expect.stringMatching(/^2027-02-2\d$/),
        Days: expect.any(Number),
      });
    });

    it('books a stay at price × nights with the proof, once per person, and mails the dates', async () => {
      const option = await stay(5, 600, 2);
      const guest = await quickUser(db());
      const proof = (await uploadProof(guest.token)).body.data!.url;
      const wrong = await call(createStayOrder, {
        token: guest.token,
        body: { amount: 600, accommodationId: option.id },
      });
      expect(wrong.status).toBe(409);
      const created = await call<{ data: { order: { id: string; amount: number } } }>(createStayOrder, {
        token: guest.token,
        body: { amount: 1200, accommodationId: option.id, identityProofUrl: proof },
      });
      expect(created.body.data.order.amount).toBe(120000);
      const payData = await sandboxPay(created.body.data.order.id);
      const body = { userId: guest.userId, accommodationId: option.id, identityProofUrl: proof, payData };
      expect((await call(confirmStay, { token: guest.token, body })).status).toBe(201);
      expect((await call(confirmStay, { token: guest.token, body })).status).toBe(201);
      const bookings = await db()
        .select()
        .from(accommodationBookings)
        .where(eq(accommodationBookings.userId, guest.userId));
      expect(bookings).toHaveLength(1);
      // Counted once, though confirmed twice (and the hold no longer counts against the place).
      const [counted] = await db()
        .select({ booked: accommodationOptions.booked })
        .from(accommodationOptions)
        .where(eq(accommodationOptions.id, option.id));
      expect(counted?.booked).toBe(1);
      const profile = await call<{ data: { accomodationTaken: boolean } }>(myProfile, {
        token: guest.token,
        params: { id: guest.userId },
      });
      expect(profile.body.data.accomodationTaken).toBe(true);
      const mail = (await listOutbox(db(), { to: guest.email })).find((m) =>
        m.subject.includes('accommodation is booked'),
      );
      expect(mail?.text).toContain('Check-in: 2027-02-21');
      expect(mail?.text).toContain('Check-out: 2027-02-23');
      const again = await call(createStayOrder, {
        token: guest.token,
        body: { amount: 1200, accommodationId: option.id },
      });
      expect(again).toMatchObject({
        status: 409,
        body: {
          message:
            'You have already paid for accomodation the confirmation has been sent to your registered email address.',
        },
      });
    });

    it("refuses someone else's proof and a type without a price", async () => {
      const option = await stay(5, 600, 1);
      const [guest, other] = [await quickUser(db()), await quickUser(db())];
      const othersProof = (await uploadProof(other.token)).body.data!.url;
      const created = await call<{ data: { order: { id: string } } }>(createStayOrder, {
        token: guest.token,
        body: { amount: 600, accommodationId: option.id },
      });
      const payData = await sandboxPay(created.body.data.order.id);
      const answer = await call(confirmStay, {
        token: guest.token,
        body: { userId: guest.userId, accommodationId: option.id, identityProofUrl: othersProof, payData },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: {
          message: 'Please upload your identity proof again: this file is not yours or does not exist.',
        },
      });
      const unpriced = await stay(5, null, 1);
      const refused = await call(createStayOrder, {
        token: guest.token,
        body: { amount: 100, accommodationId: unpriced.id },
      });
      expect(refused).toMatchObject({ status: 400, body: { message: 'Something Went Wrong' } });
    });

    it('30 buyers at once for 3 places: exactly 3 bookings, and no payment without a booking or a refund', async () => {
      const option = await stay(3, 400, 1);
      const buyers = await Promise.all(Array.from({ length: 30 }, () => quickUser(db())));
      const proofs = await Promise.all(buyers.map(async (b) => (await uploadProof(b.token)).body.data!.url));
      const attempts = await Promise.all(
        buyers.map((b, i) =>
          call<{ data: { order: { id: string } } }>(createStayOrder, {
            token: b.token,
            body: { amount: 400, accommodationId: option.id, identityProofUrl: proofs[i] },
          }),
        ),
      );
      const winners = attempts.flatMap((a, i) =>
        a.status === 200 ? [{ buyer: buyers[i]!, proof: proofs[i]!, order: a.body.data.order }] : [],
      );
      expect(winners).toHaveLength(3);
      expect(attempts.filter((a) => a.status === 409)).toHaveLength(27);
      await Promise.all(
        winners.map(async (w) => {
          const payData = await sandboxPay(w.order.id);
          const answer = await call(confirmStay, {
            token: w.buyer.token,
            body: { userId: w.buyer.userId, accommodationId: option.id, identityProofUrl: w.proof, payData },
          });
          expect(answer.status).toBe(201);
        }),
      );
      const bookings = await db()
        .select()
        .from(accommodationBookings)
        .where(eq(accommodationBookings.optionId, option.id));
      expect(bookings).toHaveLength(3);
      const [row] = await db()
        .select()
        .from(accommodationOptions)
        .where(eq(accommodationOptions.id, option.id));
      expect(row).toMatchObject({ booked: 3, capacity: 3 });
      const paidWithoutBooking = await db()
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.purpose, 'accommodation'), eq(paymentOrders.state, 'paid')));
      expect(paidWithoutBooking).toHaveLength(0);
    });
  });
});
