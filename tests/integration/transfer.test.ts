import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { POST as checkIn } from '@/app/api/admin/check-in/route';
import { GET as myPass } from '@/app/api/my-pass/route';
import { POST as cancelRoute } from '@/app/api/my-plans/cancel/route';
import { GET as myPlansRoute } from '@/app/api/my-plans/route';
import { POST as offerRoute } from '@/app/api/my-plans/transfer/route';
import { POST as acceptRoute } from '@/app/api/my-plans/transfer/accept/route';
import { POST as declineRoute } from '@/app/api/my-plans/transfer/decline/route';
import { POST as withdrawRoute } from '@/app/api/my-plans/transfer/withdraw/route';
import { GET as transfersRoute } from '@/app/api/my-plans/transfers/route';
import { GET as myTimetable } from '@/app/api/my-timetable/route';
import type { MyPlans } from '@/lib/schemas/changes';
import type { MyPass } from '@/lib/schemas/passes';
import type { MyTransfers, TransferOutcome } from '@/lib/schemas/transfers';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  accommodationBookings,
  auditLog,
  events,
  eventSessions,
  mailOutbox,
  participantChanges,
  registrationMembers,
  registrations,
  transferOffers,
  users,
  venues,
} from '@/lib/server/db/schema';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { uploadIdFromUrl } from '@/lib/server/uploads/uploads';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, liveRegistrations, registerFreeSolo, registerFreeTeams } from '../support/events';
import { paidStay, uploadProof } from '../support/stays';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

type Person = Awaited<ReturnType<typeof quickUser>>;
type Answer = { message: string; data: TransferOutcome; reason?: string; errors?: Record<string, string> };

afterEach(() => {
  setClockForTests(undefined);
  setSandboxWebhookMode('immediate');
});

describeEachDatabase('a participant transfers a place to another account', (current) => {
  const db = () => current().db;
  let organiser: Person;
  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });
  beforeEach(() => setSandboxWebhookMode('off'));

  const offer = (person: Person, kind: string, id: string, email: string) =>
    call<Answer>(offerRoute, { token: person.token, body: { kind, id, email } });
  const accept = (person: Person, offerId: string, identityUploadId?: string) =>
    call<Answer>(acceptRoute, { token: person.token, body: { offerId, identityUploadId } });
  const decline = (person: Person, offerId: string) =>
    call<Answer>(declineRoute, { token: person.token, body: { offerId } });
  const withdraw = (person: Person, offerId: string) =>
    call<Answer>(withdrawRoute, { token: person.token, body: { offerId } });
  const transfers = async (person: Person) =>
    (await call<{ data: MyTransfers }>(transfersRoute, { token: person.token })).body.data;
  const plans = async (person: Person) =>
    (await call<{ data: MyPlans }>(myPlansRoute, { token: person.token })).body.data;
  const passOf = (person: Person) => call<{ data: MyPass }>(myPass, { token: person.token });
  const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));

  async function soloRegistered(input: { price?: number; waived?: boolean; giver?: Person } = {}) {
    const { event, option } = await createTestEvent(db(), {
      price: input.price ?? 0,
      min: 1,
      max: 1,
      instituteFeeWaived: input.waived,
    });
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Transfer hall ${Math.random().toString(36).slice(2, 7)}` })
      .returning();
    await db()
      .insert(eventSessions)
      .values({
        eventId: event.id,
        venueId: venue!.id,
        startsAt: new Date('2027-02-21T10:00:00+05:30'),
        endsAt: new Date('2027-02-21T12:00:00+05:30'),
      });
    const giver = input.giver ?? (await quickUser(db()));
    expect((await registerFreeSolo(giver, event.id, option.id)).status).toBe(201);
    const [registration] = await liveRegistrations(db(), event.id);
    return { event, option, giver, registrationId: registration!.id };
  }

  const stayBooked = () => paidStay(db(), { label: 'Transfer hall', capacity: 5 });

  it('a solo registration: offered, listed to the receiver, accepted; member, leader, pass and timetable move', async () => {
    const { event, giver, registrationId } = await soloRegistered();
    const receiver = await quickUser(db());

    const offered = await offer(giver, 'registration', registrationId, receiver.email.toUpperCase());
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.data).toMatchObject({ already: false, offer: { state: 'offered' } });
    const offerId = offered.body.data.offer.id;
    // Asked again (a double tap): the same offer, one mail.
    const again = await offer(giver, 'registration', registrationId, receiver.email);
    expect(again.body.data).toMatchObject({ already: true, offer: { id: offerId } });
    const offerMails = (await mailsTo(receiver.email)).filter((m) => m.subject.includes('offers you'));
    expect(offerMails).toHaveLength(1);
    expect(offerMails[0]!.text).toContain(event.name);

    expect((await transfers(receiver)).incoming).toMatchObject([
      { id: offerId, kind: 'registration', entityId: registrationId, otherEmail: giver.email },
    ]);
    expect((await transfers(giver)).outgoing).toMatchObject([{ id: offerId, otherEmail: receiver.email }]);
    // Only its receiver decides it.
    const stranger = await quickUser(db());
    expect((await accept(stranger, offerId)).status).toBe(404);
    expect((await accept(giver, offerId)).status).toBe(404);

    const accepted = await accept(receiver, offerId);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ already: false, offer: { state: 'accepted' } });

    const [registration] = await db()
      .select()
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    expect(registration).toMatchObject({ leaderUserId: receiver.userId, status: 'confirmed' });
    const members = await db()
      .select()
      .from(registrationMembers)
      .where(eq(registrationMembers.registrationId, registrationId));
    expect(members).toMatchObject([{ userId: receiver.userId, isLeader: true, cancelledAt: null }]);

    // The giver's pass covers nothing now; the receiver's covers the event; the timetables follow.
    expect((await passOf(giver)).body.data.status).toBe('cancelled');
    const theirs = await passOf(receiver);
    expect(theirs.body.data).toMatchObject({ status: 'valid', events: [{ eventName: event.name }] });
    const timetable = async (p: Person) =>
      (await call<{ data: { eventName: string }[] }>(myTimetable, { token: p.token })).body.data;
    expect(JSON.stringify(await timetable(giver))).not.toContain(event.name);
    expect(JSON.stringify(await timetable(receiver))).toContain(event.name);
    expect((await plans(giver)).registrations).toEqual([]);
    expect((await plans(receiver)).registrations).toMatchObject([{ id: registrationId, isLeader: true }]);

    const changes = await db()
      .select()
      .from(participantChanges)
      .where(eq(participantChanges.entityId, registrationId));
    expect(changes).toMatchObject([{ action: 'transfer', entity: 'registration', userId: giver.userId }]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, registrationId));
    expect(audit.map((a) => a.action).sort()).toEqual(['transfer', 'transfer_offer']);
    expect((await mailsTo(receiver.email)).filter((m) => m.subject.includes('is now yours'))).toHaveLength(1);
    expect(
      (await mailsTo(giver.email)).filter((m) => m.subject.includes('you gave your place')),
    ).toHaveLength(1);
    expect((await transfers(receiver)).incoming).toEqual([]);
  });

  it('a stay: accepted with the receiver’s own identity proof', async () => {
    const { guest, bookingId } = await stayBooked();
    const receiver = await quickUser(db());
    const offered = await offer(guest, 'accommodation_booking', bookingId, receiver.email);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const offerId = offered.body.data.offer.id;

    const without = await accept(receiver, offerId);
    expect(without.status).toBe(400);
    expect(without.body.message).toBe('Please upload your identity proof to accept this stay.');
    const guestsProof = uploadIdFromUrl(await uploadProof(guest))!;
    expect((await accept(receiver, offerId, guestsProof)).body.message).toBe(
      'Please upload your identity proof again: this file is not yours or does not exist.',
    );

    const proof = uploadIdFromUrl(await uploadProof(receiver))!;
    const accepted = await accept(receiver, offerId, proof);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [booking] = await db()
      .select()
      .from(accommodationBookings)
      .where(eq(accommodationBookings.id, bookingId));
    expect(booking).toMatchObject({ userId: receiver.userId, identityUploadId: proof, status: 'confirmed' });
    expect((await passOf(guest)).body.data.status).toBe('cancelled');
    expect((await passOf(receiver)).body.data.accommodation).not.toBeNull();
    expect((await plans(receiver)).stay).toMatchObject({ id: bookingId });
    expect((await plans(guest)).stay).toBeNull();

    // A receiver who has a stay of their own cannot take another.
    const other = await stayBooked();
    const refused = await offer(other.guest, 'accommodation_booking', other.bookingId, receiver.email);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${receiver.email} already has a stay booked, so they cannot take another.`,
    );
  });

  it('refuses a team’s option, an unknown or unverified receiver, oneself, someone registered, a different price', async () => {
    const { event: teamEvent, option: teamOption } = await createTestEvent(db(), {
      price: 0,
      min: 1,
      max: 3,
    });
    const team = [await quickUser(db()), await quickUser(db())];
    const [teamRegistration] = await registerFreeTeams(
      db(),
      teamEvent.id,
      teamOption.id,
      [team],
      () => 'Owls',
    );
    const receiver = await quickUser(db());
    const teamMessage =
      'Only a solo registration can be transferred; a team’s leader can change the team instead.';
    const byLeader = await offer(team[0]!, 'registration', teamRegistration!, receiver.email);
    expect(byLeader).toMatchObject({ status: 409, body: { message: teamMessage } });
    const byMember = await offer(team[1]!, 'registration', teamRegistration!, receiver.email);
    expect(byMember).toMatchObject({ status: 403, body: { message: teamMessage } });

    const { event, giver, registrationId } = await soloRegistered();
    const unknown = `nobody.${Date.now()}@example.com`;
    expect(await offer(giver, 'registration', registrationId, unknown)).toMatchObject({
      status: 400,
      body: {
        message: `${unknown} does not have a verified account yet. Ask them to sign up and verify first.`,
      },
    });
    const unverified = await quickUser(db());
    await db().update(users).set({ verified: false }).where(eq(users.id, unverified.userId));
    expect((await offer(giver, 'registration', registrationId, unverified.email)).status).toBe(400);
    expect((await offer(giver, 'registration', registrationId, giver.email)).status).toBe(400);

    const registered = await quickUser(db());
    expect((await registerFreeSolo(registered, event.id, (await optionOf(event.id)).id)).status).toBe(201);
    expect(await offer(giver, 'registration', registrationId, registered.email)).toMatchObject({
      status: 409,
      body: { message: `${registered.email} is already registered for ${event.name}.` },
    });

    // An institute student's fee is waived; an outsider would pay ₹ 150.
    const insider = await quickUser(db(), { email: `giver.${Date.now()}@daiict.ac.in` });
    const waived = await soloRegistered({ price: 150, waived: true, giver: insider });
    const priced = await offer(insider, 'registration', waived.registrationId, receiver.email);
    expect(priced.status).toBe(409);
    expect(priced.body.message).toBe(
      `${receiver.email} would pay a different price for ${waived.event.name} (₹ 150.00 instead of ₹ 0.00), so this place cannot be transferred to them.`,
    );
    const fellow = await quickUser(db(), { email: `fellow.${Date.now()}@daiict.ac.in` });
    expect((await offer(insider, 'registration', waived.registrationId, fellow.email)).status).toBe(200);

    expect(
      await db().select().from(transferOffers).where(eq(transferOffers.entityId, registrationId)),
    ).toEqual([]);
    const badKind = await call(offerRoute, {
      token: giver.token,
      body: { kind: 'ticket', id: registrationId, email: receiver.email },
    });
    expect(badKind.status).toBe(400);
  });

  async function optionOf(eventId: number) {
    const [row] = await db().query.participationOptions.findMany({
      where: (o, { eq: equals }) => equals(o.eventId, eventId),
    });
    return row!;
  }

  it('refuses after the freeze, saying when it was, to offer and to accept', async () => {
    const { event, giver, registrationId } = await soloRegistered();
    const receiver = await quickUser(db());
    const offered = await offer(giver, 'registration', registrationId, receiver.email);
    expect(offered.status).toBe(200);
    await db()
      .update(events)
      .set({ changesFreezeAt: new Date('2027-02-10T18:30:00+05:30') })
      .where(eq(events.id, event.id));
    setClockForTests(() => new Date('2027-02-11T09:00:00+05:30'));
    const closed = `Changes to the registration for ${event.name} closed on 10 Feb 2027, 6:30 pm (India time). Please contact the organisers.`;
    expect(await accept(receiver, offered.body.data.offer.id)).toMatchObject({
      status: 409,
      body: { message: closed },
    });
    expect(await offer(giver, 'registration', registrationId, receiver.email)).toMatchObject({
      status: 409,
      body: { message: closed },
    });
    const [registration] = await db()
      .select()
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    expect(registration!.leaderUserId).toBe(giver.userId);
  });

  it('a stranger’s plans are not found; one open offer per place until it is withdrawn or declined', async () => {
    const { giver, registrationId } = await soloRegistered();
    const [first, second, stranger] = [await quickUser(db()), await quickUser(db()), await quickUser(db())];
    expect((await offer(stranger, 'registration', registrationId, first.email)).status).toBe(404);

    const offered = await offer(giver, 'registration', registrationId, first.email);
    const offerId = offered.body.data.offer.id;
    expect(await offer(giver, 'registration', registrationId, second.email)).toMatchObject({
      status: 409,
      body: { message: `This place is already offered to ${first.email}. Withdraw that offer first.` },
    });
    expect((await withdraw(stranger, offerId)).status).toBe(404);
    expect((await withdraw(first, offerId)).status).toBe(404);
    const [once, twice] = await Promise.all([withdraw(giver, offerId), withdraw(giver, offerId)]);
    expect([once.status, twice.status]).toEqual([200, 200]);
    expect([once.body.data.already, twice.body.data.already].sort()).toEqual([false, true]);
    expect(await accept(first, offerId)).toMatchObject({
      status: 409,
      body: { message: 'This offer was withdrawn by the person who made it.' },
    });

    const toSecond = await offer(giver, 'registration', registrationId, second.email);
    expect(toSecond.status).toBe(200);
    const secondId = toSecond.body.data.offer.id;
    expect((await decline(giver, secondId)).status).toBe(404);
    expect(await decline(second, secondId)).toMatchObject({
      status: 200,
      body: { data: { already: false } },
    });
    expect((await decline(second, secondId)).body.data.already).toBe(true);
    expect((await accept(second, secondId)).body.message).toBe('This offer was declined.');
    expect((await withdraw(giver, secondId)).status).toBe(409);
    expect((await transfers(second)).incoming).toEqual([]);
    const [registration] = await db()
      .select()
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    expect(registration!.leaderUserId).toBe(giver.userId);
    expect((await withdraw(giver, 'not-a-uuid')).status).toBe(400);
  });

  it('an offer whose place was cancelled meanwhile is no longer listed, and accepting it finds it lapsed', async () => {
    const { giver, registrationId } = await soloRegistered();
    const receiver = await quickUser(db());
    const offerId = (await offer(giver, 'registration', registrationId, receiver.email)).body.data.offer.id;
    const cancelled = await call(cancelRoute, {
      token: giver.token,
      body: { kind: 'registration', id: registrationId },
    });
    expect(cancelled.status).toBe(200);
    expect((await transfers(receiver)).incoming).toEqual([]);
    expect((await transfers(giver)).outgoing).toEqual([]);
    expect(await accept(receiver, offerId)).toMatchObject({
      status: 409,
      body: { message: 'This offer has lapsed: the place was cancelled or changed hands meanwhile.' },
    });
    const [row] = await db().select().from(transferOffers).where(eq(transferOffers.id, offerId));
    expect(row!.state).toBe('void');
    expect(
      await db().select().from(registrationMembers).where(eq(registrationMembers.userId, receiver.userId)),
    ).toEqual([]);
  });

  it('two acceptances at once move the place once', async () => {
    const { giver, registrationId } = await soloRegistered();
    const receiver = await quickUser(db());
    const offerId = (await offer(giver, 'registration', registrationId, receiver.email)).body.data.offer.id;
    const [a, b] = await Promise.all([accept(receiver, offerId), accept(receiver, offerId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.already, b.body.data.already].sort()).toEqual([false, true]);
    const changes = await db()
      .select()
      .from(participantChanges)
      .where(eq(participantChanges.entityId, registrationId));
    expect(changes).toHaveLength(1);
    expect((await mailsTo(receiver.email)).filter((m) => m.subject.includes('is now yours'))).toHaveLength(1);
    const live = await db()
      .select()
      .from(registrationMembers)
      .where(
        and(eq(registrationMembers.registrationId, registrationId), isNull(registrationMembers.cancelledAt)),
      );
    expect(live).toMatchObject([{ userId: receiver.userId }]);
  });

  it('a transfer racing the giver’s check-in at the gate: exactly one of them happens', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { giver, registrationId } = await soloRegistered();
      const receiver = await quickUser(db());
      const code = (await passOf(giver)).body.data.code;
      const offerId = (await offer(giver, 'registration', registrationId, receiver.email)).body.data.offer.id;
      const [accepted, scanned] = await Promise.all([
        accept(receiver, offerId),
        call<{ message: string; reason?: string }>(checkIn, { token: organiser.token, body: { code } }),
      ]);
      const [registration] = await db()
        .select()
        .from(registrations)
        .where(eq(registrations.id, registrationId));
      if (accepted.status === 200) {
        expect(scanned.status).toBe(409);
        expect(scanned.body.reason).toBe('cancelled');
        expect(registration!.leaderUserId).toBe(receiver.userId);
      } else {
        expect(scanned.status).toBe(200);
        expect(accepted.status).toBe(409);
        expect(accepted.body.message).toBe(
          'This place cannot be transferred: its holder has already checked in at the gate.',
        );
        expect(registration!.leaderUserId).toBe(giver.userId);
      }
    }
  });

  it('a giver already checked in cannot offer their place', async () => {
    const { giver, registrationId } = await soloRegistered();
    const receiver = await quickUser(db());
    const code = (await passOf(giver)).body.data.code;
    expect((await call(checkIn, { token: organiser.token, body: { code } })).status).toBe(200);
    expect(await offer(giver, 'registration', registrationId, receiver.email)).toMatchObject({
      status: 409,
      body: { message: 'This place cannot be transferred: its holder has already checked in at the gate.' },
    });
  });
});
