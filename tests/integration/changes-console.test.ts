import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { GET as rulesRoute, PUT as setRulesRoute } from '@/app/api/admin/change-rules/route';
import { POST as undoRoute } from '@/app/api/admin/changes/[id]/undo/route';
import { GET as changesRoute } from '@/app/api/admin/changes/route';
import { POST as cancelRoute } from '@/app/api/my-plans/cancel/route';
import { POST as joinList } from '@/app/api/waiting-lists/route';
import type { AdminChange, AdminChangeRules } from '@/lib/schemas/changes-console';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  accommodationOptions,
  auditLog,
  mailOutbox,
  merchandiseVariants,
  participantChanges,
  registrationMembers,
  registrations,
} from '@/lib/server/db/schema';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, liveRegistrations, registerFreeSolo } from '../support/events';
import { paidTeeOrder } from '../support/shop';
import { paidStay } from '../support/stays';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

type Person = Awaited<ReturnType<typeof quickUser>>;

afterEach(() => {
  setClockForTests(undefined);
  setSandboxWebhookMode('immediate');
});

describeEachDatabase('the console: rules for own changes, the changes list and undo', (current) => {
  const db = () => current().db;
  let organiser: Person;
  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });

  const cancel = (person: Person, kind: string, id: string) =>
    call<{ data: { refundPaise: number } }>(cancelRoute, { token: person.token, body: { kind, id } });
  const undo = (id: string, token = organiser.token) =>
    call<{ message: string; data: { alreadyUndone: boolean } }>(undoRoute, { token, params: { id } });
  const changes = (query: Record<string, string>) =>
    call<{ data: AdminChange[] }>(changesRoute, {
      token: organiser.token,
      query: `?${new URLSearchParams(query).toString()}`,
    });
  const setRules = (body: Record<string, unknown>, token = organiser.token) =>
    call<{ message: string; data: AdminChangeRules }>(setRulesRoute, { token, body });

  async function cancelledSolo(limit: number | null) {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1, placeLimit: limit });
    const person = await quickUser(db());
    expect((await registerFreeSolo(person, event.id, option.id)).status).toBe(201);
    const [registration] = await liveRegistrations(db(), event.id);
    expect((await cancel(person, 'registration', registration!.id)).status).toBe(200);
    const listed = await changes({ q: person.email });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    return { event, option, person, registrationId: registration!.id, change: listed.body.data[0]! };
  }

  it('sets an item’s rules, audited, and refuses what makes no sense', async () => {
    const { event } = await createTestEvent(db(), { price: 100, min: 1, max: 1 });
    const saved = await setRules({
      entity: 'event',
      id: event.id,
      changesFreezeAt: '2027-02-15T18:00',
      refundPolicy: 'percent',
      refundPercent: '50',
      refundUntil: '2027-02-10T23:59',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      entity: 'event',
      id: event.id,
      changesFreezeAt: new Date('2027-02-15T18:00+05:30').toISOString(),
      effectiveFreezeAt: new Date('2027-02-15T18:00+05:30').toISOString(),
      refundPolicy: 'percent',
      refundPercent: 50,
      refundUntil: new Date('2027-02-10T23:59+05:30').toISOString(),
    });
    const listed = await call<{ data: AdminChangeRules[] }>(rulesRoute, { token: organiser.token });
    expect(listed.body.data.find((r) => r.entity === 'event' && r.id === event.id)).toEqual(saved.body.data);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'event_change_rules'), eq(auditLog.entityId, String(event.id))));
    expect(audit).toMatchObject({ action: 'update', actorEmail: organiser.email });

    // Full refund: the share and its deadline go; no freeze of its own: the default (a day before) applies.
    const full = await setRules({
      entity: 'event',
      id: event.id,
      changesFreezeAt: '',
      refundPolicy: 'full',
      refundPercent: '50',
      refundUntil: '2027-02-10T23:59',
    });
    expect(full.body.data).toMatchObject({
      changesFreezeAt: null,
      refundPolicy: 'full',
      refundPercent: null,
      refundUntil: null,
    });
    expect(new Date(full.body.data.effectiveFreezeAt).getTime()).toBeLessThan(
      new Date('2027-02-22T00:00+05:30').getTime(),
    );

    const badShare = await setRules({
      entity: 'event',
      id: event.id,
      refundPolicy: 'percent',
      refundPercent: 150,
      changesFreezeAt: null,
      refundUntil: null,
    });
    expect(badShare.status).toBe(400);
    expect(JSON.stringify(badShare.body)).toContain(
      'The share refunded must be a whole number from 1 to 100.',
    );
    const badTime = await setRules({
      entity: 'event',
      id: event.id,
      refundPolicy: 'none',
      changesFreezeAt: '2027-02-30T10:00',
      refundPercent: null,
      refundUntil: null,
    });
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.body)).toContain('The deadline for changes must be a real date and time.');
    const missing = await setRules({
      entity: 'accommodation_type',
      id: 999_999,
      refundPolicy: 'none',
      changesFreezeAt: null,
      refundPercent: null,
      refundUntil: null,
    });
    expect(missing.status).toBe(404);
    const participant = await quickUser(db());
    const refused = await setRules(
      {
        entity: 'event',
        id: event.id,
        refundPolicy: 'full',
        changesFreezeAt: null,
        refundPercent: null,
        refundUntil: null,
      },
      participant.token,
    );
    expect(refused.status).toBe(403);
  });

  it('lists changes by kind and person, and undoes a cancellation whose place is still free, once', async () => {
    const { event, person, registrationId, change } = await cancelledSolo(1);
    expect(change).toMatchObject({
      action: 'cancel',
      entity: 'registration',
      entityId: registrationId,
      userEmail: person.email,
      summary: event.name,
      undoneAt: null,
    });
    expect((await changes({ action: 'size', q: person.email })).body.data).toEqual([]);

    const [first, second] = await Promise.all([undo(change.id), undo(change.id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.alreadyUndone, second.body.data.alreadyUndone].sort()).toEqual([false, true]);
    expect(await liveRegistrations(db(), event.id)).toMatchObject([{ id: registrationId }]);
    const members = await db()
      .select()
      .from(registrationMembers)
      .where(
        and(eq(registrationMembers.registrationId, registrationId), isNull(registrationMembers.cancelledAt)),
      );
    expect(members).toHaveLength(1);
    const [after] = (await changes({ q: person.email, state: 'undone' })).body.data;
    expect(after).toMatchObject({ id: change.id, undoneByEmail: organiser.email });
    expect(after!.undoneAt).not.toBeNull();
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, person.email));
    expect(mails.filter((m) => m.subject.includes('your cancellation was undone'))).toHaveLength(1);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'undo_cancel'), eq(auditLog.entityId, registrationId)));
    expect(audit).toMatchObject({ actorEmail: organiser.email });

    // The participant can cancel it again, and that is a new change.
    expect((await cancel(person, 'registration', registrationId)).status).toBe(200);
    expect((await changes({ q: person.email, state: 'live' })).body.data).toHaveLength(1);
  });

  it('refuses to undo once the place has gone to the waiting list', async () => {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1, placeLimit: 1 });
    const holder = await quickUser(db());
    expect((await registerFreeSolo(holder, event.id, option.id)).status).toBe(201);
    const waiting = await quickUser(db());
    const joined = await call(joinList, {
      token: waiting.token,
      body: { kind: 'participation_option', itemId: option.id },
    });
    expect(joined.status).toBe(201);
    const [registration] = await liveRegistrations(db(), event.id);
    expect((await cancel(holder, 'registration', registration!.id)).status).toBe(200);
    const [change] = (await changes({ q: holder.email })).body.data;

    const refused = await undo(change!.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message:
        'Its place has gone to someone else since (offered to the waiting list or taken), so this cannot be undone.',
    });
    const [row] = await db().select().from(registrations).where(eq(registrations.id, registration!.id));
    expect(row!.status).toBe('cancelled');
    const [stillLive] = await db()
      .select()
      .from(participantChanges)
      .where(eq(participantChanges.id, change!.id));
    expect(stillLive!.undoneAt).toBeNull();
  });

  it('undoes a T-shirt order’s cancellation: the unit is sold again; a refunded one cannot be undone', async () => {
    const { buyer, variant, orderId } = await paidTeeOrder(db(), { name: 'Undo Tee', stock: 2 });
    const soldNow = async () =>
      (await db().select().from(merchandiseVariants).where(eq(merchandiseVariants.id, variant.id)))[0]!.sold;
    expect(await soldNow()).toBe(1);
    expect((await cancel(buyer, 'merchandise_order', orderId)).status).toBe(200);
    expect(await soldNow()).toBe(0);
    const [change] = (await changes({ q: buyer.email })).body.data;
    expect((await undo(change!.id)).status).toBe(200);
    expect(await soldNow()).toBe(1);

    const refunded = await paidTeeOrder(db(), { name: 'Refunded Tee', stock: 1, refundPolicy: 'full' });
    const cancelled = await cancel(refunded.buyer, 'merchandise_order', refunded.orderId);
    expect(cancelled.body.data.refundPaise).toBe(30000);
    const [refundedChange] = (await changes({ q: refunded.buyer.email })).body.data;
    const refused = await undo(refundedChange!.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message:
        'Money was refunded for this cancellation, so it cannot be undone. The participant can register or order again.',
    });
  });

  it('undoes a stay’s cancellation: booked again; refused once the person has booked another stay', async () => {
    const { guest, bookingId, option } = await paidStay(db(), { label: 'Undo hall', capacity: 2 });
    const bookedNow = async () =>
      (await db().select().from(accommodationOptions).where(eq(accommodationOptions.id, option.id)))[0]!
        .booked;
    expect((await cancel(guest, 'accommodation_booking', bookingId)).status).toBe(200);
    expect(await bookedNow()).toBe(0);
    const [change] = (await changes({ q: guest.email })).body.data;
    expect((await undo(change!.id)).status).toBe(200);
    expect(await bookedNow()).toBe(1);

    // Cancelled again, then another stay booked: the first cannot come back (one live stay per person).
    expect((await cancel(guest, 'accommodation_booking', bookingId)).status).toBe(200);
    await paidStay(db(), { label: 'Other hall', capacity: 2, guest });
    const [again] = (await changes({ q: guest.email, state: 'live' })).body.data;
    const refused = await undo(again!.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'This person has booked another stay since, so this cannot be undone.',
    });
    expect(await bookedNow()).toBe(0);
  });

  it('answers 404 for an unknown or malformed change, and 403 to a participant', async () => {
    expect((await undo('not-a-uuid')).status).toBe(404);
    expect((await undo('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const participant = await quickUser(db());
    expect((await undo('00000000-0000-4000-8000-000000000000', participant.token)).status).toBe(403);
  });
});
