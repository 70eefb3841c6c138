import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { GET as myPlansRoute } from '@/app/api/my-plans/route';
import { POST as cancelRoute } from '@/app/api/my-plans/cancel/route';
import { GET as myWaitingLists, POST as joinList } from '@/app/api/waiting-lists/route';
import type { CancelOutcome, MyPlans } from '@/lib/schemas/changes';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  accommodationBookings,
  accommodationOptions,
  auditLog,
  events,
  mailOutbox,
  merchandiseOrders,
  merchandiseVariants,
  participantChanges,
  paymentOrders,
  paymentRefunds,
  registrationMembers,
  registrations,
} from '@/lib/server/db/schema';
import { makeOffers } from '@/lib/server/inventory';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, liveRegistrations, registerFreeSolo, registerFreeTeams } from '../support/events';
import { paidTeeOrder } from '../support/shop';
import { paidStay } from '../support/stays';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

type Person = Awaited<ReturnType<typeof quickUser>>;

afterEach(() => {
  setClockForTests(undefined);
  setSandboxWebhookMode('immediate');
});

describeEachDatabase('a participant cancels their own plans', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });

  function cancel(person: Person, kind: string, id: string) {
    return call<{ message: string; data: CancelOutcome }>(cancelRoute, {
      token: person.token,
      body: { kind, id },
    });
  }

  async function plans(person: Person) {
    return (await call<{ data: MyPlans }>(myPlansRoute, { token: person.token })).body.data;
  }

  function mailsTo(email: string) {
    return db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
  }

  async function soloRegistered(limit: number | null = null) {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1, placeLimit: limit });
    const person = await quickUser(db());
    expect((await registerFreeSolo(person, event.id, option.id)).status).toBe(201);
    const [registration] = await liveRegistrations(db(), event.id);
    return { event, option, person, registrationId: registration!.id };
  }

  it('cancels a solo registration once: the place goes to the first in line, one mail, one change', async () => {
    const { event, option, person, registrationId } = await soloRegistered(1);
    const waiting = await quickUser(db());
    const joined = await call(joinList, {
      token: waiting.token,
      body: { kind: 'participation_option', itemId: option.id },
    });
    expect(joined.status).toBe(201);

    const listed = await plans(person);
    expect(listed.registrations).toMatchObject([
      { id: registrationId, eventName: event.name, isLeader: true, terms: { open: true, refundPaise: 0 } },
    ]);
    // The default freeze: a day before the event begins.
    expect(listed.registrations[0]!.terms.freezeAt).toBe(new Date('2027-02-20T10:00:00+05:30').toISOString());

    // A double tap: both answer, one cancels.
    const [first, second] = await Promise.all([
      cancel(person, 'registration', registrationId),
      cancel(person, 'registration', registrationId),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.alreadyCancelled, second.body.data.alreadyCancelled].sort()).toEqual([
      false,
      true,
    ]);
    expect(await liveRegistrations(db(), event.id)).toEqual([]);
    const members = await db()
      .select()
      .from(registrationMembers)
      .where(
        and(eq(registrationMembers.registrationId, registrationId), isNull(registrationMembers.cancelledAt)),
      );
    expect(members).toEqual([]);
    const changes = await db()
      .select()
      .from(participantChanges)
      .where(eq(participantChanges.entityId, registrationId));
    expect(changes).toMatchObject([
      { action: 'cancel', entity: 'registration', userId: person.userId, refundPaise: 0 },
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, registrationId));
    expect(audit).toMatchObject([{ action: 'cancel', actorEmail: person.email }]);
    const mine = await mailsTo(person.email);
    expect(mine.filter((m) => m.subject.includes('you cancelled'))).toHaveLength(1);
    expect(mine.find((m) => m.subject.includes('you cancelled'))!.text).toContain(
      'Nothing was paid, so nothing is refunded.',
    );

    // The freed place was offered to the first in line when the cancellation committed.
    const entries = (await call<{ data: MyWaitingEntry[] }>(myWaitingLists, { token: waiting.token })).body
      .data;
    expect(entries).toMatchObject([{ status: 'offered' }]);
    expect((await plans(person)).registrations).toEqual([]);
  });

  it('refuses after the freeze, saying when it was, and changes nothing', async () => {
    const { event, person, registrationId } = await soloRegistered();
    await db()
      .update(events)
      .set({ changesFreezeAt: new Date('2027-02-10T18:30:00+05:30') })
      .where(eq(events.id, event.id));
    setClockForTests(() => new Date('2027-02-11T09:00:00+05:30'));
    expect((await plans(person)).registrations[0]!.terms.open).toBe(false);
    const refused = await cancel(person, 'registration', registrationId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Changes to your registration for ${event.name} closed on 10 Feb 2027, 6:30 pm (India time). Please contact the organisers.`,
    );
    expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
  });

  it('a team: only the leader cancels, and every other member is mailed once', async () => {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 2, max: 3 });
    const team = await Promise.all([quickUser(db()), quickUser(db()), quickUser(db())]);
    const [registrationId] = await registerFreeTeams(db(), event.id, option.id, [team], () => 'Owls');
    const [leader, member, third] = team as [Person, Person, Person];

    const byMember = await cancel(member, 'registration', registrationId!);
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toContain('Only your team’s leader can cancel the registration.');
    expect((await plans(member)).registrations).toMatchObject([{ isLeader: false, teamName: 'Owls' }]);

    expect((await cancel(leader, 'registration', registrationId!)).status).toBe(200);
    expect((await cancel(leader, 'registration', registrationId!)).body.data.alreadyCancelled).toBe(true);
    for (const person of [member, third]) {
      const told = (await mailsTo(person.email)).filter((m) => m.subject.includes('cancelled team Owls'));
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain('You are no longer registered for it.');
    }
    expect((await plans(member)).registrations).toEqual([]);
  });

  it('nobody cancels what is not theirs', async () => {
    const { person, registrationId } = await soloRegistered();
    const stranger = await quickUser(db());
    expect((await cancel(stranger, 'registration', registrationId)).status).toBe(404);
    expect((await cancel(person, 'merchandise_order', registrationId)).status).toBe(404);
    const bad = await cancel(person, 'ticket', registrationId);
    expect(bad.status).toBe(400);
  });

  const paidTee = (policy: { refundPolicy: 'none' | 'full' | 'percent'; refundPercent?: number }) =>
    paidTeeOrder(db(), { name: 'Cancel Tee', stock: 1, ...policy });

  it('a T-shirt order under a 50% policy: half goes back through the refund path, once', async () => {
    const { buyer, variant, orderId, paymentOrderId } = await paidTee({
      refundPolicy: 'percent',
      refundPercent: 50,
    });
    expect((await plans(buyer)).merchandiseOrders).toMatchObject([
      {
        id: orderId,
        paidPaise: 30000,
        terms: { open: true, refundPaise: 15000, refundLabel: '50% refunded: ₹ 150.00.' },
      },
    ]);
    const done = await cancel(buyer, 'merchandise_order', orderId);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ alreadyCancelled: false, refundPaise: 15000 });
    const [refund] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentOrderId, paymentOrderId));
    expect(refund).toMatchObject({ amountPaise: 15000, reason: 'Cancelled by the participant' });
    expect(refund!.refundedAt).not.toBeNull();
    const [payment] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, paymentOrderId));
    expect(payment!.state).toBe('refunded');
    // The size's unit is back on sale (the counter came down at the commit).
    const [size] = await db()
      .select()
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.id, variant.id));
    expect(size!.sold).toBe(0);
    const mail = (await mailsTo(buyer.email)).filter((m) =>
      m.subject.includes('you cancelled your T-shirt order'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('₹ 150.00 is refunded to your original payment method');
    // Again: nothing more, nothing twice.
    expect((await cancel(buyer, 'merchandise_order', orderId)).body.data).toMatchObject({
      alreadyCancelled: true,
      refundPaise: 15000,
    });
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentOrderId, paymentOrderId)),
    ).toHaveLength(1);
  });

  it('a T-shirt order under the default policy: cancelled, nothing refunded', async () => {
    const { buyer, orderId, paymentOrderId } = await paidTee({ refundPolicy: 'none' });
    const done = await cancel(buyer, 'merchandise_order', orderId);
    expect(done.body.data).toMatchObject({ alreadyCancelled: false, refundPaise: 0 });
    expect(
      await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentOrderId, paymentOrderId)),
    ).toEqual([]);
    const [payment] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, paymentOrderId));
    expect(payment!.state).toBe('fulfilled');
    const [order] = await db().select().from(merchandiseOrders).where(eq(merchandiseOrders.id, orderId));
    expect(order!.status).toBe('cancelled');
  });

  it('a cancellation racing the waiting lists job offers the freed place once, to the first in line', async () => {
    const { option, person, registrationId } = await soloRegistered(1);
    const line = [await quickUser(db()), await quickUser(db())];
    for (const waiting of line) {
      const joined = await call(joinList, {
        token: waiting.token,
        body: { kind: 'participation_option', itemId: option.id },
      });
      expect(joined.status).toBe(201);
    }
    const [cancelled] = await Promise.all([
      cancel(person, 'registration', registrationId),
      makeOffers(db()),
      makeOffers(db()),
    ]);
    expect(cancelled.status).toBe(200);
    await makeOffers(db());
    const first = (await call<{ data: MyWaitingEntry[] }>(myWaitingLists, { token: line[0]!.token })).body
      .data;
    const second = (await call<{ data: MyWaitingEntry[] }>(myWaitingLists, { token: line[1]!.token })).body
      .data;
    expect(first).toMatchObject([{ status: 'offered' }]);
    expect(second).toMatchObject([{ status: 'waiting', position: 1 }]);
    const live = await db()
      .select()
      .from(registrations)
      .where(and(eq(registrations.participationId, option.id), eq(registrations.status, 'confirmed')));
    expect(live).toEqual([]);
  });

  it('a stay under a full-refund policy: cancelled once, refunded once, its place back for the waiting list', async () => {
    const { guest, bookingId, option } = await paidStay(db(), {
      label: 'Cancel hall',
      capacity: 1,
      refundPolicy: 'full',
    });
    const bookedNow = async () =>
      (await db().select().from(accommodationOptions).where(eq(accommodationOptions.id, option.id)))[0]!
        .booked;
    expect(await bookedNow()).toBe(1);
    const waiting = await quickUser(db());
    const joined = await call(joinList, {
      token: waiting.token,
      body: { kind: 'accommodation_option', itemId: option.id },
    });
    expect(joined.status).toBe(201);
    expect((await plans(guest)).stay).toMatchObject({
      id: bookingId,
      paidPaise: 50000,
      terms: { open: true, refundPaise: 50000, refundLabel: 'Full refund: ₹ 500.00.' },
    });

    const [first, second] = await Promise.all([
      cancel(guest, 'accommodation_booking', bookingId),
      cancel(guest, 'accommodation_booking', bookingId),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.refundPaise, second.body.data.refundPaise]).toEqual([50000, 50000]);
    expect(await bookedNow()).toBe(0);
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.amountPaise, 50000));
    const [booking] = await db()
      .select()
      .from(accommodationBookings)
      .where(eq(accommodationBookings.id, bookingId));
    expect(booking!.status).toBe('cancelled');
    expect(refunds.filter((r) => r.paymentOrderId === booking!.paymentOrderId)).toHaveLength(1);
    expect((await plans(guest)).stay).toBeNull();
    // The freed place is offered to the first in line.
    const [entry] = (await call<{ data: MyWaitingEntry[] }>(myWaitingLists, { token: waiting.token })).body
      .data;
    expect(entry).toMatchObject({ status: 'offered' });
    const mine = await mailsTo(guest.email);
    expect(mine.filter((m) => m.subject.includes('you cancelled your stay'))).toHaveLength(1);
  });
});
