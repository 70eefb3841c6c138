import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { GET as adminList } from '@/app/api/admin/waiting-lists/route';
import { PATCH as patchStay } from '@/app/api/admin/accommodation-option/[id]/route';
import { GET as adminCsv } from '@/app/api/admin/export/waiting-list.csv/route';
import { POST as refundRoute } from '@/app/api/admin/payments/[id]/refund/route';
import { GET as getSettings, PUT as putSettings } from '@/app/api/admin/waiting-lists/settings/route';
import { GET as cronGet } from '@/app/api/cron/waiting-lists/route';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createEventOrder } from '@/app/api/payment/create-event-order/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { GET as mine, POST as join } from '@/app/api/waiting-lists/route';
import { DELETE as leave } from '@/app/api/waiting-lists/[id]/route';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  mailOutbox,
  merchandiseOrders,
  merchandiseVariants,
  participationOptions,
  paymentOrders,
  registrations,
  stockHolds,
} from '@/lib/server/db/schema';
import { resetEnvForTests } from '@/lib/server/env';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import { inventoryChanged, makeOffers } from '@/lib/server/inventory';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, liveRegistrations, patchSoloPlaceLimit, registerFreeSolo } from '../support/events';
import { newStay, newTee } from '../support/fixtures';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

type Person = Awaited<ReturnType<typeof quickUser>>;

afterEach(() => {
  setClockForTests(undefined);
  delete process.env.CRON_SECRET;
  resetEnvForTests();
  setSandboxWebhookMode('immediate');
});

describeEachDatabase('waiting lists', (current) => {
  const db = () => current().db;
  let organiser: Person;
  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });

  async function limitedOption(limit: number, team = false) {
    return createTestEvent(db(), { price: 0, min: team ? 2 : 1, max: team ? 3 : 1, placeLimit: limit });
  }

  function joinList(person: Person, itemId: number, extra: Record<string, unknown> = {}) {
    return call<{ message: string; data: { id: string; position: number } }>(join, {
      token: person.token,
      body: { kind: 'participation_option', itemId, ...extra },
    });
  }

  async function myEntries(person: Person) {
    return (await call<{ data: MyWaitingEntry[] }>(mine, { token: person.token })).body.data;
  }

  /** Cancels a registration of the option, as an organiser's refund does, announcing the freed place. */
  async function cancelOne(optionId: number) {
    await db().transaction(async (tx) => {
      const [reg] = await tx
        .select()
        .from(registrations)
        .where(and(eq(registrations.participationId, optionId), eq(registrations.status, 'confirmed')))
        .limit(1);
      await tx
        .update(registrations)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(registrations.id, reg!.id));
      inventoryChanged(tx, 'participation_option', optionId);
    });
  }

  /**
   * One T-shirt size with a single unit, held by someone's unpaid order, and `waiting` people joining its
   * list in turn; then that hold's time runs out and offers are made, so the first in line holds the offer.
   */
  async function teeOfferedToTheLine(name: string, size: string, waiting: number) {
    const [variant] = await newTee(db(), { name, pricePaise: 30000, stockBySize: { [size]: 1 } });
    const [holder, ...line] = await Promise.all(Array.from({ length: waiting + 1 }, () => quickUser(db())));
    const cart = [{ variantId: variant!.id, qty: 1 }];
    expect((await call(createMerchOrder, { token: holder!.token, body: { amount: 300, cart } })).status).toBe(
      200,
    );
    for (const person of line) {
      const joined = await call(join, {
        token: person.token,
        body: { kind: 'merchandise_variant', itemId: variant!.id },
      });
      expect(joined.status).toBe(201);
    }
    setClockForTests(() => new Date(Date.now() + 16 * 60_000));
    await makeOffers(db());
    return { variant: variant!, cart, line };
  }

  async function offerMails(to: string) {
    return db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  }

  it('refuses to join while places are left', async () => {
    const { option } = await limitedOption(1);
    const a = await quickUser(db());
    const answer = await joinList(a, option.id);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('There are places left: register/buy now.');
    expect((await call(join, { body: { kind: 'participation_option', itemId: option.id } })).status).toBe(
      401,
    );
  });

  it('counts a join’s team check against the verification limit: the 31st in ten minutes is a 429', async () => {
    // Places left: each join passes the gate (it says the teammate has a verified account) and is then
    // refused with places_left, which is what an address prober would use.
    const { option } = await limitedOption(1, true);
    const [prober, mate] = await Promise.all([quickUser(db()), quickUser(db())]);
    const ask = () => joinList(prober, option.id, { emails: [prober.email, mate.email], teamName: 'Probes' });
    // One instant for every call: the limit counts per clock window, which a loop may otherwise cross.
    const at = Date.now();
    setClockForTests(() => new Date(at));
    for (let i = 0; i < 30; i += 1) expect((await ask()).status).toBe(409);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\./);
  });

  it('runs the offer chain: full, A and B join, a place frees, A lets it lapse, B registers on the offer', async () => {
    const { event, option } = await limitedOption(1);
    const [first, a, b, plain] = await Promise.all([
      quickUser(db()),
      quickUser(db()),
      quickUser(db()),
      quickUser(db()),
    ]);
    expect((await registerFreeSolo(first, event.id, option.id)).status).toBe(201);
    expect((await joinList(a, option.id)).body.data.position).toBe(1);
    expect((await joinList(b, option.id)).body.data.position).toBe(2);
    expect((await joinList(b, option.id)).body.message).toMatch(/already on the waiting list/);
    expect((await myEntries(b))[0]).toMatchObject({ status: 'waiting', position: 2 });

    await cancelOne(option.id);
    const [offerA] = await myEntries(a);
    expect(offerA).toMatchObject({ status: 'offered', position: null });
    expect(offerA!.offerUrl).toMatch(
      new RegExp(`/event/${event.categoryId}/register\\?offer=${offerA!.id}$`),
    );
    const mailsA = await offerMails(a.email);
    expect(mailsA).toHaveLength(1);
    expect(mailsA[0]!.text).toContain(`?offer=${offerA!.id}`);
    // The HTML mail's button leads to the same offer (a free option: registering, not paying).
    expect(mailsA[0]!.html).toMatch(
      new RegExp(`<a href="[^"]*\\?offer=${offerA!.id}"[^>]*>Register now</a>`),
    );
    const holds = await db().select().from(stockHolds).where(eq(stockHolds.waitingEntryId, offerA!.id));
    expect(holds).toHaveLength(1);
    expect((await myEntries(b))[0]).toMatchObject({ status: 'waiting', position: 1 });

    // The freed place is the list's: a plain registrant is refused while the offer stands.
    const refused = await registerFreeSolo(plain, event.id, option.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Solo for ${event.name} is full.`);
    // B cannot use A's offer.
    expect((await registerFreeSolo(b, event.id, option.id, offerA!.id)).status).toBe(409);

    // Twelve hours (the default) later, A's offer lapses and passes to B.
    const later = Date.now() + 12 * 3_600_000 + 60_000;
    setClockForTests(() => new Date(later));
    expect(await makeOffers(db())).toMatchObject({ lapsed: 1 });
    expect(await myEntries(a)).toEqual([]);
    const [offerB] = await myEntries(b);
    expect(offerB).toMatchObject({ status: 'offered' });
    expect(await offerMails(b.email)).toHaveLength(1);
    expect((await registerFreeSolo(plain, event.id, option.id)).status).toBe(409);

    const done = await registerFreeSolo(b, event.id, option.id, offerB!.id);
    expect(done.status).toBe(201);
    expect(await myEntries(b)).toEqual([]);
    expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
    // Used: the offer cannot register a second time.
    expect((await registerFreeSolo(b, event.id, option.id, offerB!.id)).status).toBe(409);
  });

  it('leaving with an offer passes it to the next in line', async () => {
    const { event, option } = await limitedOption(1);
    const [first, a, b] = await Promise.all([quickUser(db()), quickUser(db()), quickUser(db())]);
    await registerFreeSolo(first, event.id, option.id);
    await joinList(a, option.id);
    await joinList(b, option.id);
    await cancelOne(option.id);
    const [offerA] = await myEntries(a);
    expect(offerA!.status).toBe('offered');
    expect((await call(leave, { method: 'DELETE', token: b.token, params: { id: offerA!.id } })).status).toBe(
      404,
    );
    const left = await call(leave, { method: 'DELETE', token: a.token, params: { id: offerA!.id } });
    expect(left.status).toBe(200);
    expect((await myEntries(b))[0]!.status).toBe('offered');
  });

  it('checks a team on joining with the registration gate', async () => {
    const { event, option } = await limitedOption(1, true);
    const [leader, mate, other, otherMate] = await Promise.all([
      quickUser(db()),
      quickUser(db()),
      quickUser(db()),
      quickUser(db()),
    ]);
    const taken = await call(register, {
      token: other.token,
      params: { eventId: String(event.id) },
      body: {
        registerData: {
          emails: [other.email, otherMate.email],
          teamName: 'First',
          participationId: option.id,
        },
        payData: null,
      },
    });
    expect(taken.status).toBe(201);
    const notFirst = await joinList(leader, option.id, {
      emails: [mate.email, leader.email],
      teamName: 'Bolts',
    });
    expect(notFirst.status).toBe(400);
    expect(notFirst.body.message).toBe('The team leader must be you: put your own e-mail first.');
    const unknown = await joinList(leader, option.id, {
      emails: [leader.email, 'nobody@example.com'],
      teamName: 'Bolts',
    });
    expect(unknown.body.message).toBe(
      'nobody@example.com does not have a verified account yet. Ask them to sign up and verify first.',
    );
    const noName = await joinList(leader, option.id, { emails: [leader.email, mate.email] });
    expect(noName.body.message).toBe('Team name is required.');
    const ok = await joinList(leader, option.id, { emails: [leader.email, mate.email], teamName: 'Bolts' });
    expect(ok.status).toBe(201);
    expect((await myEntries(leader))[0]).toMatchObject({
      teamName: 'Bolts',
      emails: [leader.email, mate.email],
    });
  });

  it('two runs of makeOffers at once make one offer per freed place', async () => {
    const { event, option } = await limitedOption(1);
    const people = await Promise.all(Array.from({ length: 4 }, () => quickUser(db())));
    await registerFreeSolo(people[0]!, event.id, option.id);
    for (const p of people.slice(1)) await joinList(p, option.id);
    // The place frees with no write announcing it (as a lapsed hold does): only the job can offer it.
    await db().update(registrations).set({ status: 'cancelled' }).where(eq(registrations.eventId, event.id));
    const runs = await Promise.all([makeOffers(db()), makeOffers(db()), makeOffers(db())]);
    expect(runs.reduce((sum, r) => sum + r.offered, 0)).toBe(1);
    expect((await myEntries(people[1]!))[0]!.status).toBe('offered');
    expect((await myEntries(people[2]!))[0]!.status).toBe('waiting');
  });

  it('raising the limit in the console makes offers at once', async () => {
    const { event, option } = await limitedOption(1);
    const [first, a, b, c] = await Promise.all([
      quickUser(db()),
      quickUser(db()),
      quickUser(db()),
      quickUser(db()),
    ]);
    await registerFreeSolo(first, event.id, option.id);
    for (const p of [a, b, c]) await joinList(p, option.id);
    const raised = await patchSoloPlaceLimit(organiser, event.id, option.id, 3);
    expect(raised.status).toBe(200);
    expect((await myEntries(a))[0]!.status).toBe('offered');
    expect((await myEntries(b))[0]!.status).toBe('offered');
    expect((await myEntries(c))[0]).toMatchObject({ status: 'waiting', position: 1 });
  });

  it('the cron endpoint needs the secret', async () => {
    expect((await call(cronGet, { method: 'GET' })).status).toBe(404);
    process.env.CRON_SECRET = 'cron-secret-that-is-long-enough-for-tests';
    resetEnvForTests();
    expect((await call(cronGet, { method: 'GET', headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );
    const ok = await call<{ data: { lapsed: number; offered: number } }>(cronGet, {
      method: 'GET',
      headers: { authorization: `Bearer ${process.env.CRON_SECRET}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toHaveProperty('offered');
  });

  it('a paid option: the offer leads to an order that takes over the held place, paid and registered', async () => {
    setSandboxWebhookMode('off');
    const { event, option } = await createTestEvent(db(), { price: 100, min: 1, max: 1 });
    await db()
      .update(participationOptions)
      .set({ placeLimit: 1 })
      .where(eq(participationOptions.id, option.id));
    const [first, a, plain] = await Promise.all([quickUser(db()), quickUser(db()), quickUser(db())]);
    const body = (p: Person, offerId?: string) => ({
      amount: 100,
      eventId: event.id,
      participationId: option.id,
      emails: [p.email],
      ...(offerId ? { offerId } : {}),
    });
    const held = await call<{ data: { order: { id: string } } }>(createEventOrder, {
      token: first.token,
      body: body(first),
    });
    expect(held.status).toBe(200);
    expect((await joinList(a, option.id)).status).toBe(201);
    // The first order's hold lapses unpaid: no write announces it, the job finds it.
    const later = Date.now() + 16 * 60_000;
    setClockForTests(() => new Date(later));
    expect(await makeOffers(db())).toEqual({ lapsed: 0, offered: 1 });
    const [offer] = await myEntries(a);
    expect(offer!.status).toBe('offered');
    expect((await call(createEventOrder, { token: plain.token, body: body(plain) })).status).toBe(409);
    const notMine = await call(createEventOrder, { token: plain.token, body: body(plain, offer!.id) });
    expect(notMine.body).toMatchObject({ reason: 'offer_invalid' });
    const order = await call<{ data: { order: { id: string } } }>(createEventOrder, {
      token: a.token,
      body: body(a, offer!.id),
    });
    expect(order.status).toBe(200);
    const payData = await sandboxPay(order.body.data.order.id);
    const done = await call(register, {
      token: a.token,
      params: { eventId: String(event.id) },
      body: {
        registerData: { emails: [a.email], isDAStudent: false, teamName: null, participationId: option.id },
        payData,
      },
    });
    expect(done.status).toBe(201);
    expect((await liveRegistrations(db(), event.id)).map((r) => r.leaderUserId)).toEqual([a.userId]);
  });

  it('a T-shirt size: a freed unit is offered with a link to the shop and bought on the offer', async () => {
    setSandboxWebhookMode('off');
    const { cart, line } = await teeOfferedToTheLine('Waiting Tee', 'M', 1);
    const [a] = line as [Person];
    const plain = await quickUser(db());
    const [offer] = await myEntries(a);
    expect(offer!.offerUrl).toMatch(new RegExp(`/merchandise\\?offer=${offer!.id}$`));
    const refused = await call(createMerchOrder, { token: plain.token, body: { amount: 300, cart } });
    expect(refused.body.message).toBe('Size M is sold out.');
    const order = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
      token: a.token,
      body: { amount: 300, cart, offerId: offer!.id },
    });
    expect(order.status).toBe(200);
    const paid = await call(orderMerchandise, {
      token: a.token,
      body: { userId: a.userId, cart, payData: await sandboxPay(order.body.data.order.id) },
    });
    expect(paid.status).toBe(201);
    const orders = await db().select().from(merchandiseOrders).where(eq(merchandiseOrders.userId, a.userId));
    expect(orders).toHaveLength(1);
  });

  it('an offer whose first order was never paid stands: a new order takes it again, nobody else can', async () => {
    setSandboxWebhookMode('off');
    const { cart, line } = await teeOfferedToTheLine('Retry Tee', 'L', 2);
    const [a, b] = line as [Person, Person];
    const [offer] = await myEntries(a);
    const body = { amount: 300, cart, offerId: offer!.id };
    // A takes the offer, then closes the checkout without paying.
    expect((await call(createMerchOrder, { token: a.token, body })).status).toBe(200);
    // The offer still stands for A (the profile shows it), and is still nobody else's.
    expect(await myEntries(a)).toMatchObject([{ id: offer!.id, status: 'offered' }]);
    expect(await myEntries(b)).toMatchObject([{ status: 'waiting', position: 1 }]);
    const othersTry = await call(createMerchOrder, { token: b.token, body });
    expect(othersTry.body).toMatchObject({ message: 'This offer is not yours or is no longer valid.' });
    // A second order of A's takes the same held unit over and is paid.
    const again = await call<{ data: { order: { id: string } } }>(createMerchOrder, { token: a.token, body });
    expect(again.status).toBe(200);
    const open = await db()
      .select()
      .from(stockHolds)
      .where(and(eq(stockHolds.waitingEntryId, offer!.id), isNull(stockHolds.releasedAt)));
    const [second] = await db()
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, again.body.data.order.id));
    expect(open.map((h) => h.paymentOrderId)).toEqual([second!.id]);
    const paid = await call(orderMerchandise, {
      token: a.token,
      body: { userId: a.userId, cart, payData: await sandboxPay(again.body.data.order.id) },
    });
    expect(paid.status).toBe(201);
    expect(await myEntries(a)).toEqual([]);
    // Paid: the offer is used for good.
    expect((await call(createMerchOrder, { token: a.token, body })).body.message).toBe(
      'This offer has expired or was already used.',
    );
    expect(await myEntries(b)).toMatchObject([{ status: 'waiting', position: 1 }]);
  });

  it('leaving an offer taken by an unpaid order passes the place to the next in line', async () => {
    setSandboxWebhookMode('off');
    const { cart, line } = await teeOfferedToTheLine('Leave Tee', 'S', 2);
    const [a, b] = line as [Person, Person];
    const [offer] = await myEntries(a);
    const taken = await call(createMerchOrder, {
      token: a.token,
      body: { amount: 300, cart, offerId: offer!.id },
    });
    expect(taken.status).toBe(200);
    const left = await call(leave, { method: 'DELETE', token: a.token, params: { id: offer!.id } });
    expect(left.status).toBe(200);
    expect(await myEntries(a)).toEqual([]);
    expect(await myEntries(b)).toMatchObject([{ status: 'offered' }]);
  });

  it('organisers see the list with positions, export it as CSV and set the offer time', async () => {
    const { event, option } = await limitedOption(1);
    const [first, a, b] = await Promise.all([quickUser(db()), quickUser(db()), quickUser(db())]);
    await registerFreeSolo(first, event.id, option.id);
    await joinList(a, option.id);
    await joinList(b, option.id);
    const query = `?kind=participation_option&itemId=${option.id}`;
    expect((await call(adminList, { token: a.token, query })).status).toBe(403);
    const saved = await call(putSettings, { method: 'PUT', token: organiser.token, body: { offerHours: 2 } });
    expect(saved.status).toBe(200);
    await cancelOne(option.id);
    const listed = await call<{ data: { label: string; entries: Record<string, unknown>[] } }>(adminList, {
      token: organiser.token,
      query,
    });
    expect(listed.body.data.label).toBe(`Solo for ${event.name}`);
    expect(listed.body.data.entries.map((e) => [e.email, e.status, e.position])).toEqual([
      [a.email, 'offered', null],
      [b.email, 'waiting', 1],
    ]);
    const expires = Date.parse(listed.body.data.entries[0]!.offerExpiresAt as string);
    expect(Math.round((expires - Date.now()) / 3_600_000)).toBe(2);
    const csv = await adminCsv(
      new Request(
        `http://localhost/api/admin/export/waiting-list.csv?kind=participation_option&itemId=${option.id}`,
        {
          headers: { authorization: `Bearer ${organiser.token}` },
        },
      ),
      { params: Promise.resolve({}) },
    );
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toContain('Position,Status,Name,E-mail');
    expect(text).toContain(b.email);
    expect((await call(getSettings, { token: organiser.token })).body).toMatchObject({
      data: { offerHours: 2 },
    });
    await call(putSettings, { method: 'PUT', token: organiser.token, body: { offerHours: 12 } });
    const bad = await call(putSettings, { method: 'PUT', token: organiser.token, body: { offerHours: 0 } });
    expect(bad.status).toBe(400);
  });

  it('a stay: raising its capacity offers the place at once, and the order takes the offer over', async () => {
    const option = await newStay(db(), { label: 'Waiting hall', capacity: 1, pricePerNight: 500, days: 2 });
    const [x, a, plain] = await Promise.all([quickUser(db()), quickUser(db()), quickUser(db())]);
    const stayBody = (offerId?: string) => ({
      amount: 1000,
      accommodationId: option.id,
      ...(offerId ? { offerId } : {}),
    });
    expect((await call(createStayOrder, { token: x.token, body: stayBody() })).status).toBe(200);
    const joined = await call(join, {
      token: a.token,
      body: { kind: 'accommodation_option', itemId: option.id },
    });
    expect(joined.status).toBe(201);
    const raised = await call(patchStay, {
      method: 'PATCH',
      token: organiser.token,
      params: { id: String(option.id) },
      body: { capacity: 2 },
    });
    expect(raised.status).toBe(200);
    const [offer] = await myEntries(a);
    expect(offer!.offerUrl).toMatch(new RegExp(`/accomodation\\?offer=${offer!.id}$`));
    expect((await call(createStayOrder, { token: plain.token, body: stayBody() })).status).toBe(409);
    const order = await call(createStayOrder, { token: a.token, body: stayBody(offer!.id) });
    expect(order.status).toBe(200);
    // Until the order is paid the offer still stands for A (a closed checkout can be tried again).
    expect(await myEntries(a)).toMatchObject([{ status: 'offered' }]);
  });

  it('refuses to join the list of a size switched off', async () => {
    const [variant] = await newTee(db(), { name: 'Off Tee', pricePaise: 30000, stockBySize: { S: 0 } });
    await db()
      .update(merchandiseVariants)
      .set({ isEnabled: false })
      .where(eq(merchandiseVariants.id, variant!.id));
    const a = await quickUser(db());
    const answer = await call(join, {
      token: a.token,
      body: { kind: 'merchandise_variant', itemId: variant!.id },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Off Tee, size S is not on sale.');
  });

  it('a size given back by a replaced cart is offered to the list right after the new order', async () => {
    const [m, l] = await newTee(db(), { name: 'Swap Tee', pricePaise: 30000, stockBySize: { M: 1, L: 5 } });
    const [x, a] = await Promise.all([quickUser(db()), quickUser(db())]);
    const first = await call(createMerchOrder, {
      token: x.token,
      body: { amount: 300, cart: [{ variantId: m!.id, qty: 1 }] },
    });
    expect(first.status).toBe(200);
    expect(
      (await call(join, { token: a.token, body: { kind: 'merchandise_variant', itemId: m!.id } })).status,
    ).toBe(201);
    const swapped = await call(createMerchOrder, {
      token: x.token,
      body: { amount: 300, cart: [{ variantId: l!.id, qty: 1 }] },
    });
    expect(swapped.status).toBe(200);
    expect((await myEntries(a))[0]).toMatchObject({ status: 'offered', itemId: m!.id });
  });

  it('a T-shirt the organisers refund goes to the first in line at once', async () => {
    setSandboxWebhookMode('off');
    const [variant] = await newTee(db(), { name: 'Refund Tee', pricePaise: 30000, stockBySize: { XL: 1 } });
    const [buyer, a] = await Promise.all([quickUser(db()), quickUser(db())]);
    const cart = [{ variantId: variant!.id, qty: 1 }];
    const order = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
      token: buyer.token,
      body: { amount: 300, cart },
    });
    const paid = await call(orderMerchandise, {
      token: buyer.token,
      body: { userId: buyer.userId, cart, payData: await sandboxPay(order.body.data.order.id) },
    });
    expect(paid.status).toBe(201);
    expect(
      (await call(join, { token: a.token, body: { kind: 'merchandise_variant', itemId: variant!.id } }))
        .status,
    ).toBe(201);
    const [stored] = await db()
      .select({ id: merchandiseOrders.paymentOrderId })
      .from(merchandiseOrders)
      .where(eq(merchandiseOrders.userId, buyer.userId));
    const refunded = await call(refundRoute, {
      token: organiser.token,
      params: { id: stored!.id! },
      body: { reason: 'Changed mind' },
    });
    expect(refunded.status).toBe(200);
    expect((await myEntries(a))[0]).toMatchObject({ status: 'offered', itemId: variant!.id });
    expect((await offerMails(a.email))[0]!.subject).toBe('A place is free for you: Refund Tee, size XL');
  });
});
