import crypto from 'node:crypto';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as bookingsRoute } from '@/app/api/admin/bookings/route';
import { POST as checkIn } from '@/app/api/admin/check-in/route';
import { GET as exportBookingsRoute } from '@/app/api/admin/export/bookings.csv/route';
import { GET as exportMerchRoute } from '@/app/api/admin/export/merchandise-orders.csv/route';
import { GET as exportPaymentsRoute } from '@/app/api/admin/export/payments.csv/route';
import { GET as exportRegistrationsRoute } from '@/app/api/admin/export/registrations.csv/route';
import { GET as merchOrdersRoute } from '@/app/api/admin/merchandise-orders/route';
import { POST as refundRoute } from '@/app/api/admin/payments/[id]/refund/route';
import { GET as paymentsRoute } from '@/app/api/admin/payments/route';
import { GET as registrationsRoute } from '@/app/api/admin/registrations/route';
import { POST as upload } from '@/app/api/admin/upload/route';
import { POST as confirmStay } from '@/app/api/accommodation/confirm-user-accommodation/route';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { GET as myPass } from '@/app/api/my-pass/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import { POST as createEventOrder } from '@/app/api/payment/create-event-order/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { GET as getUpload } from '@/app/api/uploads/[id]/route';
import { listAudit } from '@/lib/server/admin/audit';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  accommodationBookings,
  accommodationOptions,
  accommodationTypes,
  merchandiseOrders,
  merchandiseProducts,
  merchandiseVariants,
  paymentOrders,
  registrationMembers,
  registrations,
  sandboxRecords,
  users,
} from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { listOutbox } from '@/lib/server/mail/mail-service';
import { paymentProvider } from '@/lib/server/payments/provider';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { moneyByPurpose } from '@/lib/server/admin/dashboard';
import { exportRegistrations } from '@/lib/server/admin/exports';
import { call, multipartRequest } from '../support/api';
import { quickUser } from '../support/accounts';
import { createTestEvent } from '../support/events';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A minimal RFC 4180 reader, to check that what the export writes reads back as the same fields. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error('CSV does not end with CRLF');
  return records;
}

async function download(handler: Handler, token: string | undefined, query = '') {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await handler(
    new Request(`http://localhost/api/admin/export/x.csv${query}`, { headers }),
    {
      params: Promise.resolve({}),
    },
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

async function getList<T = Record<string, unknown>>(handler: Handler, token: string, query = '') {
  const response = await handler(
    new Request(`http://localhost/api/admin/list${query}`, { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, body: (await response.json()) as { message: string; data: T } };
}

interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

afterEach(() => setSandboxWebhookMode('immediate'));

describeEachDatabase('console operations', (current) => {
  const db = () => current().db;
  let organiser: Awaited<ReturnType<typeof quickUser>>;
  let plain: Awaited<ReturnType<typeof quickUser>>;

  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
    plain = await quickUser(db());
  });
  // Purchases are confirmed from the "browser"; webhooks would only settle them a second time.
  beforeEach(() => setSandboxWebhookMode('off'));

  async function person(fields: Partial<typeof users.$inferInsert> = {}) {
    const account = await quickUser(db());
    if (Object.keys(fields).length > 0)
      await db().update(users).set(fields).where(eq(users.id, account.userId));
    return account;
  }

  /** A paid team registration of two, made through the API and the sandbox. */
  async function paidRegistration(
    input: { teamName?: string; leader?: Partial<typeof users.$inferInsert> } = {},
  ) {
    const { event, option } = await createTestEvent(db(), { price: 150, min: 2, max: 3 });
    const leader = await person(input.leader);
    const mate = await person({ firstName: 'Mate' });
    const emails = [leader.email, mate.email];
    const teamName = input.teamName ?? 'Owls';
    const created = await call<{ data: { order: { id: string } } }>(createEventOrder, {
      token: leader.token,
      body: { amount: 150, eventId: event.id, participationId: option.id, emails, teamName },
    });
    expect(created.status).toBe(200);
    const payData = await sandboxPay(created.body.data.order.id);
    const registered = await call(register, {
      token: leader.token,
      params: { eventId: String(event.id) },
      body: { registerData: { emails, isDAStudent: false, teamName, participationId: option.id }, payData },
    });
    expect(registered.status).toBe(201);
    const [order] = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, created.body.data.order.id));
    return { event, leader, mate, order: order!, paymentId: payData.razorpay_payment_id };
  }

  async function paidTee(stock: number, qty: number) {
    const [product] = await db()
      .insert(merchandiseProducts)
      .values({
        name: 'Console Tee',
        description: 'Test',
        pricePaise: 30000,
        image1Url: '/images/merch/tee-front.svg',
      })
      .returning();
    const [variant] = await db()
      .insert(merchandiseVariants)
      .values({ productId: product!.id, type: 'XL', stock })
      .returning();
    const buyer = await person();
    const cart = [{ variantId: variant!.id, qty }];
    const created = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
      token: buyer.token,
      body: { amount: 300 * qty, cart },
    });
    expect(created.status).toBe(200);
    const payData = await sandboxPay(created.body.data.order.id);
    const confirmed = await call(orderMerchandise, {
      token: buyer.token,
      body: { userId: buyer.userId, cart: [{ ...cart[0], totalPrice: 300 * qty }], payData },
    });
    expect(confirmed.status).toBe(201);
    const [order] = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, created.body.data.order.id));
    return { product: product!, variant: variant!, buyer, order: order! };
  }

  async function uploadProof(token: string) {
    const response = await upload(multipartRequest('http://localhost/api/admin/upload', token), {
      params: Promise.resolve({}),
    });
    return ((await response.json()) as { data: { url: string } }).data.url;
  }

  async function stayOption(capacity: number) {
    const [type] = await db()
      .insert(accommodationTypes)
      .values({
        accommodationType: `Console hall ${crypto.randomBytes(3).toString('hex')}`,
        pricePerNight: 400,
      })
      .returning();
    const [option] = await db()
      .insert(accommodationOptions)
      .values({ typeId: type!.id, startDate: '2027-02-21', days: 2, capacity })
      .returning();
    return { type: type!, option: option! };
  }

  async function paidStay(optionId: number) {
    const guest = await person();
    const proof = await uploadProof(guest.token);
    const created = await call<{ data: { order: { id: string } } }>(createStayOrder, {
      token: guest.token,
      body: { amount: 800, accommodationId: optionId, identityProofUrl: proof },
    });
    expect(created.status).toBe(200);
    const payData = await sandboxPay(created.body.data.order.id);
    const confirmed = await call(confirmStay, {
      token: guest.token,
      body: { userId: guest.userId, accommodationId: optionId, identityProofUrl: proof, payData },
    });
    expect(confirmed.status).toBe(201);
    const [order] = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, created.body.data.order.id));
    return { guest, order: order!, proof };
  }

  function refund(orderId: string, token: string = organiser.token, body: Record<string, unknown> = {}) {
    return call<{ message: string; data: { state: string; refundId: string | null } }>(refundRoute, {
      token,
      params: { id: orderId },
      body,
    });
  }

  describe('access', () => {
    const reads: [string, Handler][] = [
      ['registrations', registrationsRoute],
      ['merchandise orders', merchOrdersRoute],
      ['bookings', bookingsRoute],
      ['payments', paymentsRoute],
      ['registrations.csv', exportRegistrationsRoute],
      ['merchandise-orders.csv', exportMerchRoute],
      ['bookings.csv', exportBookingsRoute],
      ['payments.csv', exportPaymentsRoute],
    ];

    it.each(reads)(
      '%s: 401 signed out, 403 for a plain user, 200 for an organiser',
      async (_name, handler) => {
        expect(await call(handler)).toMatchObject({
          status: 401,
          body: { message: 'Please log in to continue.' },
        });
        expect(await call(handler, { token: plain.token })).toMatchObject({
          status: 403,
          body: { message: 'You do not have permission to do this.' },
        });
        const allowed = await handler(
          new Request('http://localhost/api/admin/x', {
            headers: { authorization: `Bearer ${organiser.token}` },
          }),
          { params: Promise.resolve({}) },
        );
        expect(allowed.status).toBe(200);
        await allowed.body?.cancel();
      },
    );

    it('refund: 401 signed out and 403 for a plain user, and nothing is refunded', async () => {
      const { order } = await paidRegistration();
      expect((await call(refundRoute, { params: { id: order.id }, body: {} })).status).toBe(401);
      expect((await refund(order.id, plain.token)).status).toBe(403);
      const [stored] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
      expect(stored?.state).toBe('fulfilled');
    });

    it('answers bad filters with a 400 that names them', async () => {
      const answer = await call(registrationsRoute, { token: organiser.token, headers: {} });
      expect(answer.status).toBe(200);
      const bad = await getList(registrationsRoute, organiser.token, '?eventId=abc');
      expect(bad).toMatchObject({ status: 400, body: { message: 'The event must be a number.' } });
      const state = await getList(paymentsRoute, organiser.token, '?state=lost');
      expect(state).toMatchObject({ status: 400, body: { message: 'Unknown payment state.' } });
      const csv = await download(exportPaymentsRoute, organiser.token, '?purpose=pizza');
      expect(csv.status).toBe(400);
    });
  });

  describe('lists', () => {
    it('filters registrations by event, category and status, and searches members, teams and payment ids', async () => {
      const first = await paidRegistration({
        teamName: 'Night Owls',
        leader: { college: 'Kestrel College' },
      });
      const second = await paidRegistration({ teamName: 'Day Larks' });
      const byEvent = await getList<ListPage<{ id: string; teamName: string; members: { email: string }[] }>>(
        registrationsRoute,
        organiser.token,
        `?eventId=${first.event.id}`,
      );
      expect(byEvent.status).toBe(200);
      expect(byEvent.body.data.items.map((r) => r.teamName)).toEqual(['Night Owls']);
      expect(byEvent.body.data.items[0]!.members.map((m) => m.email)).toEqual([
        first.leader.email,
        first.mate.email,
      ]);
      expect(byEvent.body.data.items[0]).toMatchObject({
        amountPaise: 15000,
        paymentId: first.paymentId,
        status: 'confirmed',
      });

      const byMateEmail = await getList<ListPage<{ teamName: string }>>(
        registrationsRoute,
        organiser.token,
        `?q=${encodeURIComponent(second.mate.email.toUpperCase())}`,
      );
      expect(byMateEmail.body.data.items.map((r) => r.teamName)).toEqual(['Day Larks']);
      const byCollege = await getList<ListPage<{ teamName: string }>>(
        registrationsRoute,
        organiser.token,
        '?q=kestrel',
      );
      expect(byCollege.body.data.items.map((r) => r.teamName)).toEqual(['Night Owls']);
      const byPayment = await getList<ListPage<{ teamName: string }>>(
        registrationsRoute,
        organiser.token,
        `?q=${first.paymentId}`,
      );
      expect(byPayment.body.data.total).toBe(1);
      // Pattern characters are searched for literally.
      const wildcard = await getList<ListPage<unknown>>(registrationsRoute, organiser.token, '?q=%25');
      expect(wildcard.body.data.total).toBe(0);
      const cancelled = await getList<ListPage<unknown>>(
        registrationsRoute,
        organiser.token,
        `?eventId=${first.event.id}&status=cancelled`,
      );
      expect(cancelled.body.data.total).toBe(0);
      const byCategory = await getList<ListPage<{ id: string }>>(
        registrationsRoute,
        organiser.token,
        `?categoryId=${first.event.categoryId}`,
      );
      expect(byCategory.body.data.total).toBeGreaterThanOrEqual(2);
    });

    it('lists payments by state and purpose, T-shirt lines by size with totals, and bookings with their proof', async () => {
      // 8: one account may hold 2 of it (a quarter, hold-cap.ts).
      const tee = await paidTee(8, 2);
      const { option } = await stayOption(3);
      const stay = await paidStay(option.id);

      const merchPayments = await getList<ListPage<{ id: string; purpose: string; state: string }>>(
        paymentsRoute,
        organiser.token,
        `?purpose=merchandise&state=fulfilled&q=${encodeURIComponent(tee.buyer.email)}`,
      );
      expect(merchPayments.body.data.items).toEqual([
        expect.objectContaining({
          id: tee.order.id,
          purpose: 'merchandise',
          state: 'fulfilled',
          amountPaise: 60000,
        }),
      ]);
      const none = await getList<ListPage<unknown>>(
        paymentsRoute,
        organiser.token,
        `?purpose=event&q=${encodeURIComponent(tee.buyer.email)}`,
      );
      expect(none.body.data.total).toBe(0);

      const lines = await getList<
        ListPage<{ size: string; qty: number; email: string }> & { sizes: { size: string; units: number }[] }
      >(merchOrdersRoute, organiser.token, `?size=xl&productId=${tee.product.id}`);
      expect(lines.body.data.items).toEqual([
        expect.objectContaining({ size: 'XL', qty: 2, email: tee.buyer.email, productName: 'Console Tee' }),
      ]);
      expect(lines.body.data.sizes).toEqual([{ productName: 'Console Tee', size: 'XL', units: 2 }]);
      const otherSize = await getList<ListPage<unknown>>(
        merchOrdersRoute,
        organiser.token,
        `?size=S&productId=${tee.product.id}`,
      );
      expect(otherSize.body.data.total).toBe(0);

      const bookings = await getList<
        ListPage<{ email: string; identityProofUrl: string; startDate: string }>
      >(bookingsRoute, organiser.token, `?optionId=${option.id}`);
      expect(bookings.body.data.items).toEqual([
        expect.objectContaining({
          email: stay.guest.email,
          startDate: '2027-02-21',
          identityProofUrl: stay.proof,
        }),
      ]);
      const proofId = stay.proof.split('/').at(-1)!;
      const proof = await getUpload(
        new Request(`http://localhost${stay.proof}`, {
          headers: { authorization: `Bearer ${organiser.token}` },
        }),
        { params: Promise.resolve({ id: proofId }) },
      );
      expect(proof.status).toBe(200);
      expect(
        (
          await getUpload(
            new Request(`http://localhost${stay.proof}`, {
              headers: { authorization: `Bearer ${plain.token}` },
            }),
            { params: Promise.resolve({ id: proofId }) },
          )
        ).status,
      ).not.toBe(200);
    });
  });

  describe('CSV exports', () => {
    it('writes the registration columns, with commas, quotes, line breaks and formulas made safe', async () => {
      const tricky = await paidRegistration({
        teamName: '=HYPERLINK("http://x.example","Owls, inc")',
        leader: {
          firstName: '@Evil',
          lastName: 'Leader',
          college: '-Hack, "Quoted"\nCollege',
          phoneNumber: '+919876543210',
        },
      });
      const answer = await download(exportRegistrationsRoute, organiser.token, `?eventId=${tricky.event.id}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toMatch(
        /^attachment; filename="registrations-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, row, ...rest] = parseCsv(answer.text);
      expect(header).toEqual([
        'Registration id',
        'Registered at',
        'Status',
        'Category',
        'Event',
        'Option',
        'Team',
        'Members',
        'E-mails',
        'Phones',
        'Colleges',
        'Paid (INR)',
        'Payment id',
      ]);
      expect(rest).toEqual([]);
      const field = (name: string) => row![header!.indexOf(name)];
      expect(field('Team')).toBe('\'=HYPERLINK("http://x.example","Owls, inc")');
      expect(field('Members')).toBe(`'@Evil Leader; Mate ${field('Members')!.split('; Mate ')[1]}`);
      expect(field('E-mails')).toBe(`${tricky.leader.email}; ${tricky.mate.email}`);
      expect(field('Phones')).toBe("'+919876543210; 9000000123");
      expect(field('Colleges')).toBe('\'-Hack, "Quoted"\nCollege; Test College');
      expect(field('Event')).toBe(tricky.event.name);
      expect(field('Paid (INR)')).toBe('150.00');
      expect(field('Payment id')).toBe(tricky.paymentId);
      expect(field('Status')).toBe('confirmed');
      // On the wire: the dangerous fields are quoted with their quotes doubled.
      expect(answer.text).toContain('"\'=HYPERLINK(""http://x.example"",""Owls, inc"")"');
    });

    it('exports T-shirt lines, bookings and payments with their columns', async () => {
      const tee = await paidTee(4, 1);
      const merch = parseCsv(
        (await download(exportMerchRoute, organiser.token, `?productId=${tee.product.id}`)).text,
      );
      expect(merch[0]!.slice(0, 4)).toEqual(['Size', 'Quantity', 'Product', 'Buyer']);
      expect(merch.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([['XL', '1', tee.buyer.email]]);

      const { option } = await stayOption(2);
      const stay = await paidStay(option.id);
      const bookings = parseCsv(
        (await download(exportBookingsRoute, organiser.token, `?optionId=${option.id}`)).text,
      );
      const bookingHeader = bookings[0]!;
      expect(bookingHeader).toContain('Identity proof');
      expect(bookings).toHaveLength(2);
      expect(bookings[1]![bookingHeader.indexOf('Identity proof')]).toBe(`${env().SITE_URL}${stay.proof}`);
      expect(bookings[1]![bookingHeader.indexOf('Check-out')]).toBe('2027-02-23');

      const payments = parseCsv(
        (await download(exportPaymentsRoute, organiser.token, `?q=${encodeURIComponent(stay.guest.email)}`))
          .text,
      );
      expect(payments[0]!.slice(0, 5)).toEqual([
        'Payment order id',
        'Created at',
        'Purpose',
        'State',
        'Amount (INR)',
      ]);
      expect(payments.slice(1).map((r) => r.slice(0, 5))).toEqual([
        [stay.order.id, expect.any(String), 'accommodation', 'fulfilled', '800.00'],
      ]);
    });

    it('streams an export longer than one batch completely and in order', async () => {
      const buyer = await person();
      // Three inserts: rows of one insert share a timestamp (the id breaks the tie), inserts differ by microseconds.
      for (let part = 0; part < 3; part += 1) {
        await db()
          .insert(paymentOrders)
          .values(
            Array.from({ length: 400 }, (_, i) => ({
              purpose: 'merchandise' as const,
              userId: buyer.userId,
              amountPaise: 100 + i,
              receipt: `rcpt_bulk_${part}_${i}_${crypto.randomBytes(4).toString('hex')}`,
              item: { bulk: true },
              state: 'expired' as const,
            })),
          );
      }
      const expected = await db()
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, buyer.userId))
        .orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id));
      expect(expected).toHaveLength(1200);
      const answer = await download(
        exportPaymentsRoute,
        organiser.token,
        `?q=${encodeURIComponent(buyer.email)}`,
      );
      const rows = parseCsv(answer.text).slice(1);
      expect(rows.map((r) => r[0])).toEqual(expected.map((r) => r.id));
    });

    it('keeps each registration whole across small batches', async () => {
      const { event } = await paidRegistration({ teamName: 'Batch One' });
      const category = event.categoryId;
      const all = parseCsv(await exportRegistrations(db(), { categoryId: category, page: 1 }, 500).text());
      const small = parseCsv(await exportRegistrations(db(), { categoryId: category, page: 1 }, 1).text());
      expect(all.length).toBeGreaterThan(2);
      expect(small).toEqual(all);
    });
  });

  describe('refunds', () => {
    it('refunds a team registration once: provider, cancellation, money figures, mail and audit', async () => {
      const before = (await moneyByPurpose(db())).find((m) => m.purpose === 'event')!;
      const { order, leader, mate, paymentId, event } = await paidRegistration({ teamName: 'Refund Owls' });
      const paid = (await moneyByPurpose(db())).find((m) => m.purpose === 'event')!;
      expect(paid.collectedPaise - before.collectedPaise).toBe(15000);

      const answer = await refund(order.id, organiser.token, { reason: 'Event cancelled by the club' });
      expect(answer).toMatchObject({
        status: 200,
        body: {
          message: 'The payment has been refunded and the purchase cancelled.',
          data: { state: 'refunded' },
        },
      });
      expect(answer.body.data.refundId).toMatch(/^rfnd_/);

      const payment = await paymentProvider().client.fetchPayment(paymentId);
      expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 15000 });
      const [stored] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
      expect(stored).toMatchObject({ state: 'refunded', providerRefundId: answer.body.data.refundId });
      const [registration] = await db()
        .select()
        .from(registrations)
        .where(eq(registrations.paymentOrderId, order.id));
      expect(registration?.status).toBe('cancelled');
      const members = await db()
        .select()
        .from(registrationMembers)
        .where(eq(registrationMembers.registrationId, registration!.id));
      expect(members).toHaveLength(2);
      expect(members.every((m) => m.cancelledAt !== null)).toBe(true);

      const after = (await moneyByPurpose(db())).find((m) => m.purpose === 'event')!;
      expect(after.collectedPaise).toBe(before.collectedPaise);
      expect(after.refundedPaise - paid.refundedPaise).toBe(15000);

      const mails = (await listOutbox(db(), { to: leader.email })).filter((m) =>
        m.subject.includes('refunded'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`your registration for ${event.name}`);
      expect(mails[0]!.text).toContain('₹ 150.00');
      expect(mails[0]!.text).toContain('Reason: Event cancelled by the club');

      const audit = await listAudit(db(), { entity: 'payment_order', entityId: order.id });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'refund',
        actorEmail: organiser.email,
        before: { state: 'fulfilled', amountPaise: 15000 },
        after: {
          state: 'refunded',
          reason: 'Event cancelled by the club',
          cancelled: [{ entity: 'registration', id: registration!.id }],
        },
      });

      // The team's passes (their only registration) are cancelled: the gate refuses them.
      for (const member of [leader, mate]) {
        const pass = await call<{ data: { code: string; status: string } }>(myPass, { token: member.token });
        expect(pass.body.data.status).toBe('cancelled');
        const atGate = await call(checkIn, { token: organiser.token, body: { code: pass.body.data.code } });
        expect(atGate).toMatchObject({ status: 409, body: { reason: 'cancelled' } });
      }

      const again = await refund(order.id);
      expect(again).toMatchObject({
        status: 409,
        body: { message: 'This payment has already been refunded.' },
      });
      expect(await listAudit(db(), { entity: 'payment_order', entityId: order.id })).toHaveLength(1);

      const listed = await getList<ListPage<{ status: string }>>(
        registrationsRoute,
        organiser.token,
        `?eventId=${event.id}`,
      );
      expect(listed.body.data.items.map((r) => r.status)).toEqual(['cancelled']);
    });

    it('refunds a T-shirt order and releases its stock', async () => {
      // 8: one account may hold 2 of it (a quarter, hold-cap.ts).
      const { order, variant, buyer } = await paidTee(8, 2);
      const [sold] = await db()
        .select()
        .from(merchandiseVariants)
        .where(eq(merchandiseVariants.id, variant.id));
      expect(sold?.sold).toBe(2);
      expect((await refund(order.id)).status).toBe(200);
      const [released] = await db()
        .select()
        .from(merchandiseVariants)
        .where(eq(merchandiseVariants.id, variant.id));
      expect(released?.sold).toBe(0);
      const [merch] = await db()
        .select()
        .from(merchandiseOrders)
        .where(eq(merchandiseOrders.paymentOrderId, order.id));
      expect(merch?.status).toBe('cancelled');
      const mails = (await listOutbox(db(), { to: buyer.email })).filter((m) =>
        m.subject.includes('refunded'),
      );
      expect(mails.map((m) => m.subject)).toEqual([
        expect.stringContaining('your merchandise order has been cancelled and refunded'),
      ]);
    });

    it('refunds a booking and gives its place to the next guest', async () => {
      const { option } = await stayOption(1);
      const { order, guest } = await paidStay(option.id);
      const next = await person();
      const full = await call(createStayOrder, {
        token: next.token,
        body: { amount: 800, accommodationId: option.id },
      });
      expect(full.status).toBe(409);

      expect((await refund(order.id, organiser.token, { reason: '  ' })).status).toBe(200);
      const [place] = await db()
        .select()
        .from(accommodationOptions)
        .where(eq(accommodationOptions.id, option.id));
      expect(place?.booked).toBe(0);
      const [booking] = await db()
        .select()
        .from(accommodationBookings)
        .where(eq(accommodationBookings.paymentOrderId, order.id));
      expect(booking?.status).toBe('cancelled');
      const mail = (await listOutbox(db(), { to: guest.email })).find((m) => m.subject.includes('refunded'));
      expect(mail?.text).toContain('your accommodation booking');
      expect(mail?.text).not.toContain('Reason:');
      const now = await call(createStayOrder, {
        token: next.token,
        body: { amount: 800, accommodationId: option.id },
      });
      expect(now.status).toBe(200);
    });

    it('refunds exactly once when two organisers click together', async () => {
      const second = await quickUser(db(), { role: 'admin' });
      const { order, leader } = await paidRegistration({ teamName: 'Racing Owls' });
      const answers = await Promise.all([refund(order.id), refund(order.id, second.token)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.message).toMatch(/already/);
      const [refunds] = await db()
        .select({ n: count() })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, 'refund'), eq(sandboxRecords.orderId, order.providerOrderId!)));
      expect(refunds?.n).toBe(1);
      expect(await listAudit(db(), { entity: 'payment_order', entityId: order.id })).toHaveLength(1);
      const mails = (await listOutbox(db(), { to: leader.email })).filter((m) =>
        m.subject.includes('refunded'),
      );
      expect(mails).toHaveLength(1);
    });

    it('refuses what cannot be refunded', async () => {
      const buyer = await person();
      const [unpaid] = await db()
        .insert(paymentOrders)
        .values({
          purpose: 'event',
          userId: buyer.userId,
          amountPaise: 5000,
          receipt: `rcpt_unpaid_${crypto.randomBytes(4).toString('hex')}`,
          item: {},
        })
        .returning();
      expect(await refund(unpaid!.id)).toMatchObject({
        status: 409,
        body: { message: 'Only a completed payment can be refunded; this one is created.' },
      });
      expect(await refund(crypto.randomUUID())).toMatchObject({
        status: 404,
        body: { message: 'No payment matches this id.' },
      });
      expect((await refund('not-a-uuid')).status).toBe(404);
      expect(await refund(unpaid!.id, organiser.token, { reason: 'x'.repeat(301) })).toMatchObject({
        status: 400,
        body: { message: 'The reason must be at most 300 characters.' },
      });
      const leftovers = await db()
        .select()
        .from(paymentOrders)
        .where(like(paymentOrders.receipt, 'rcpt_unpaid_%'));
      expect(leftovers.every((o) => o.state === 'created')).toBe(true);
    });
  });
});
