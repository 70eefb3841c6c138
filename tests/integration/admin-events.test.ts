import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as uploadContent } from '@/app/api/admin/content-image/route';
import { DELETE as deleteCategory, PATCH as patchCategory } from '@/app/api/admin/event-category/[id]/route';
import { GET as publicCategories } from '@/app/api/admin/event-category/get-event-category/route';
import { GET as publicEvents } from '@/app/api/admin/event-category/get-events-by-category/[categoryId]/route';
import { POST as reorderCategories } from '@/app/api/admin/event-category/reorder/route';
import { GET as listCategories, POST as createCategory } from '@/app/api/admin/event-category/route';
import {
  DELETE as deleteEvent,
  GET as getEvent,
  PATCH as patchEvent,
} from '@/app/api/admin/event/[id]/route';
import { POST as reorderEvents } from '@/app/api/admin/event/reorder/route';
import { POST as createEvent } from '@/app/api/admin/event/route';
import { POST as uploadProof } from '@/app/api/admin/upload/route';
import { POST as verifyTeam } from '@/app/api/event-register/user-event-verification/[eventId]/route';
import { GET as getUpload } from '@/app/api/uploads/[id]/route';
import type { FestivalEvent } from '@/lib/content-types';
import type { AdminEvent, AdminEventCategory } from '@/lib/schemas/admin-events';
import { listAudit } from '@/lib/server/admin/audit';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { events, paymentOrders, registrations } from '@/lib/server/db/schema';
import { getEvent as publicEvent } from '@/lib/server/services/content';
import { quickUser } from '../support/accounts';
import { call, multipartRequest } from '../support/api';
import { describeEachDatabase } from '../support/test-db';
import { png } from '../support/fixtures';

// The admin events service revalidates the public pages through next/cache, which needs Next's request context:
// record the tags instead, so the tests can see that a write revalidated the events' pages.
const cache = vi.hoisted(() => ({ revalidated: [] as string[] }));
vi.mock('next/cache', () => ({
  revalidateTag: (tag: string) => {
    cache.revalidated.push(tag);
  },
  unstable_cache: <T>(fn: T) => fn,
}));

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Answer<T> = { message: string; data: T; errors?: Record<string, string> };

function eventBody(categoryId: number, overrides: Record<string, unknown> = {}) {
  return {
    categoryId,
    name: `Console test ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Build a bridge of spaghetti that holds a brick.',
    imageUrl: '/images/events/robot-arena.svg',
    venue: 'Lecture Theatre 2',
    startsAt: '2027-02-21T10:30',
    poc1Name: 'Meera Shah',
    poc1PhoneNo: '9000000001',
    poc2Name: '',
    poc2PhoneNo: '',
    ruleBookPdfUrl: '',
    participations: [
      { participationName: 'Solo', price: 100, minRange: 1, maxRange: 1 },
      { participationName: 'Team', price: 300, minRange: 2, maxRange: 4 },
    ],
    ...overrides,
  };
}

const multipart = (url: string, token: string | null, bytes: Buffer, name: string, type: string) =>
  multipartRequest(url, token, { bytes, name, type });

async function sendFile(token: string | null, bytes: Buffer, name = 'art.png', type = 'image/png') {
  const response = await uploadContent(
    multipart('http://localhost/api/admin/content-image', token, bytes, name, type),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, body: (await response.json()) as Answer<{ url: string }> };
}

function fetchFile(url: string, token?: string) {
  return getUpload(
    new Request(`http://localhost${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    { params: Promise.resolve({ id: url.split('/').pop()! }) },
  );
}

describeEachDatabase('organisers: event categories and events', (current) => {
  const db = () => current().db;
  let organiser: Awaited<ReturnType<typeof quickUser>>;
  let user: Awaited<ReturnType<typeof quickUser>>;

  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
    user = await quickUser(db());
  });
  beforeEach(() => {
    cache.revalidated.length = 0;
  });

  async function newCategory(name = `Category ${Math.random().toString(36).slice(2, 7)}`) {
    const answer = await call<Answer<AdminEventCategory>>(createCategory, {
      token: organiser.token,
      body: { name, imageUrl: '/images/categories/technical.svg' },
    });
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  async function newEvent(categoryId: number, overrides: Record<string, unknown> = {}) {
    const answer = await call<Answer<AdminEvent>>(createEvent, {
      token: organiser.token,
      body: eventBody(categoryId, overrides),
    });
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  /** A registration made straight in the database, as a paid or free sign-up would leave it. */
  async function registerFor(event: AdminEvent, optionIndex = 0) {
    const member = await quickUser(db());
    await db().insert(registrations).values({
      eventId: event.id,
      participationId: event.participations[optionIndex]!.id,
      leaderUserId: member.userId,
    });
  }

  const publicList = async (categoryId: number) =>
    (
      await call<Answer<FestivalEvent[]>>(publicEvents, {
        params: { categoryId: String(categoryId) },
      })
    ).body.data;

  describe('access', () => {
    const endpoints: [string, (token?: string) => Promise<{ status: number }>][] = [
      ['GET event-category', (token) => call(listCategories, { token })],
      [
        'POST event-category',
        (token) => call(createCategory, { token, body: { name: 'X', imageUrl: '/x.svg' } }),
      ],
      [
        'PATCH event-category/{id}',
        (token) => call(patchCategory, { token, method: 'PATCH', params: { id: '1' }, body: { name: 'X' } }),
      ],
      [
        'DELETE event-category/{id}',
        (token) => call(deleteCategory, { token, method: 'DELETE', params: { id: '1' } }),
      ],
      ['POST event-category/reorder', (token) => call(reorderCategories, { token, body: { ids: [1] } })],
      ['POST event', (token) => call(createEvent, { token, body: eventBody(1) })],
      ['GET event/{id}', (token) => call(getEvent, { token, params: { id: '1' } })],
      [
        'PATCH event/{id}',
        (token) =>
          call(patchEvent, {
            token,
            method: 'PATCH',
            params: { id: '1' },
            body: { isRegistrationOpen: false },
          }),
      ],
      ['DELETE event/{id}', (token) => call(deleteEvent, { token, method: 'DELETE', params: { id: '1' } })],
      ['POST event/reorder', (token) => call(reorderEvents, { token, body: { categoryId: 1, ids: [1] } })],
      ['POST content-image', async (token) => sendFile(token ?? null, png)],
    ];

    it.each(endpoints)('%s: 401 signed out, 403 for a participant', async (_name, send) => {
      expect((await send()).status).toBe(401);
      expect((await send(user.token)).status).toBe(403);
    });

    it('changes nothing when refused', async () => {
      const [first] = await db().select().from(events).where(eq(events.id, 1));
      expect(first?.isRegistrationOpen).toBe(true);
      expect(cache.revalidated).toEqual([]);
    });
  });

  describe('categories', () => {
    it('creates, lists hidden ones with event counts, renames, hides, and audits each change', async () => {
      const category = await newCategory('Robotics');
      expect(category).toMatchObject({ name: 'Robotics', isVisible: true, eventCount: 0 });
      expect(cache.revalidated).toContain('content:events');
      await newEvent(category.id);

      cache.revalidated.length = 0;
      const hidden = await call<Answer<AdminEventCategory>>(patchCategory, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(category.id) },
        body: { name: 'Robotics and AI', isVisible: false },
      });
      expect(hidden.status).toBe(200);
      expect(hidden.body.data).toMatchObject({ name: 'Robotics and AI', isVisible: false, eventCount: 1 });
      expect(cache.revalidated).toEqual(['content:events']);

      const all = await call<Answer<AdminEventCategory[]>>(listCategories, { token: organiser.token });
      expect(all.body.data.find((c) => c.id === category.id)).toMatchObject({
        isVisible: false,
        eventCount: 1,
      });
      const shown = await call<Answer<{ id: number }[]>>(publicCategories);
      expect(shown.body.data.some((c) => c.id === category.id)).toBe(false);

      const [change] = await listAudit(db(), { entity: 'event_category', entityId: String(category.id) });
      expect(change).toMatchObject({
        action: 'update',
        actorEmail: organiser.email,
        before: { name: 'Robotics', isVisible: true },
        after: { name: 'Robotics and AI', isVisible: false },
      });
    });

    it('answers invalid input with 400 and a message per field', async () => {
      const answer = await call<Answer<unknown>>(createCategory, {
        token: organiser.token,
        body: { name: '  ', imageUrl: 'javascript:alert(1)' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({
        name: 'Name is required.',
        imageUrl: 'Image must be an uploaded file or an https:// address.',
      });
      const badId = await call(patchCategory, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: 'abc' },
        body: { name: 'X' },
      });
      expect(badId.status).toBe(400);
      const unknown = await call(patchCategory, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: '999999' },
        body: { name: 'X' },
      });
      expect(unknown.status).toBe(404);
    });

    it('refuses to delete a category that has events, then deletes it once empty', async () => {
      const category = await newCategory('Short-lived');
      const event = await newEvent(category.id);
      const refused = await call<Answer<unknown>>(deleteCategory, {
        token: organiser.token,
        method: 'DELETE',
        params: { id: String(category.id) },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Short-lived still has 1 event: move or delete them first, or hide the category instead.',
      );
      await call(deleteEvent, { token: organiser.token, method: 'DELETE', params: { id: String(event.id) } });
      cache.revalidated.length = 0;
      const deleted = await call(deleteCategory, {
        token: organiser.token,
        method: 'DELETE',
        params: { id: String(category.id) },
      });
      expect(deleted.status).toBe(200);
      expect(cache.revalidated).toEqual(['content:events']);
      const [line] = await listAudit(db(), { entity: 'event_category', entityId: String(category.id) });
      expect(line).toMatchObject({ action: 'delete', before: { name: 'Short-lived' }, after: null });
    });

    it('reorders every category and the public list follows; a partial list is refused', async () => {
      const before = (await call<Answer<AdminEventCategory[]>>(listCategories, { token: organiser.token }))
        .body.data;
      const ids = before.map((c) => c.id);
      const reversed = [...ids].reverse();
      const answer = await call(reorderCategories, { token: organiser.token, body: { ids: reversed } });
      expect(answer.status).toBe(200);
      expect(cache.revalidated).toEqual(['content:events']);
      const visibleOrder = before
        .filter((c) => c.isVisible)
        .map((c) => c.id)
        .reverse();
      const shown = await call<Answer<{ id: number }[]>>(publicCategories);
      expect(shown.body.data.map((c) => c.id)).toEqual(visibleOrder);

      const partial = await call<Answer<unknown>>(reorderCategories, {
        token: organiser.token,
        body: { ids: ids.slice(1) },
      });
      expect(partial.status).toBe(400);
      expect(partial.body.message).toMatch(/List every one of the categories once/);
      const duplicate = await call(reorderCategories, {
        token: organiser.token,
        body: { ids: [ids[0], ids[0]] },
      });
      expect(duplicate.status).toBe(400);
      const [line] = await listAudit(db(), { entity: 'event_category', entityId: 'all' });
      expect(line).toMatchObject({ action: 'reorder', before: { ids }, after: { ids: reversed } });
      // Put them back so other tests see the seeded order.
      await call(reorderCategories, { token: organiser.token, body: { ids } });
    });
  });

  describe('events', () => {
    let category: AdminEventCategory;
    beforeAll(async () => {
      category = await newCategory('Engineering');
    });

    it('creates an event with its options, shown publicly in festival time with the spec field names', async () => {
      const created = await newEvent(category.id, { name: 'Bridge Building' });
      expect(created).toMatchObject({
        name: 'Bridge Building',
        isRegistrationOpen: true,
        isVisible: true,
        instituteFeeWaived: false,
        startsAt: '2027-02-21T05:00:00.000Z',
        poc2Name: null,
        ruleBookPdfUrl: null,
        registrationCount: 0,
      });
      expect(
        created.participations.map((o) => [o.participationName, o.price, o.minRange, o.maxRange]),
      ).toEqual([
        ['Solo', 100, 1, 1],
        ['Team', 300, 2, 4],
      ]);
      expect(cache.revalidated).toEqual(['content:events']);
      const listed = (await publicList(category.id)).find((e) => e.id === created.id);
      expect(listed).toMatchObject({
        name: 'Bridge Building',
        isRegistrationOpen: true,
        venue: 'Lecture Theatre 2',
      });
      expect(listed?.participations.map((p) => p.participation_name)).toEqual(['Solo', 'Team']);
      const [line] = await listAudit(db(), { entity: 'event', entityId: String(created.id) });
      expect(line).toMatchObject({ action: 'create', before: null, after: { name: 'Bridge Building' } });
    });

    it('answers invalid events with 400 and a message per field', async () => {
      const answer = await call<Answer<unknown>>(createEvent, {
        token: organiser.token,
        body: eventBody(category.id, {
          name: '',
          poc1PhoneNo: 'call me',
          startsAt: '2027-13-45T99:00',
          participations: [{ participationName: 'Team', price: -5, minRange: 4, maxRange: 2 }],
        }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toMatchObject({
        name: 'Name is required.',
        poc1PhoneNo: 'First contact’s phone must be a phone number (digits, spaces, + and -).',
        startsAt: 'Start time must be a real date and time.',
        'participations.0.price': 'Price must be at least 0.',
      });
      const bounds = await call<Answer<unknown>>(createEvent, {
        token: organiser.token,
        body: eventBody(category.id, {
          participations: [{ participationName: 'Team', price: 0, minRange: 4, maxRange: 2 }],
        }),
      });
      expect(bounds.body.errors).toEqual({
        'participations.0.maxRange': 'Largest team must be at least the smallest team.',
      });
      const halfContact = await call<Answer<unknown>>(createEvent, {
        token: organiser.token,
        body: eventBody(category.id, { poc2Name: 'Second Person' }),
      });
      expect(halfContact.body.errors).toEqual({
        poc2PhoneNo: 'Give the second contact’s phone, or leave both empty.',
      });
      const noCategory = await call<Answer<unknown>>(createEvent, {
        token: organiser.token,
        body: eventBody(999_999),
      });
      expect(noCategory.status).toBe(400);
      expect(noCategory.body.errors).toEqual({ categoryId: 'That category does not exist.' });
    });

    it('closing registration shows in the public answer, revalidates, and is audited before and after', async () => {
      const event = await newEvent(category.id);
      cache.revalidated.length = 0;
      const closed = await call<Answer<AdminEvent>>(patchEvent, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(event.id) },
        body: { isRegistrationOpen: false },
      });
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ message: 'Event saved', data: { isRegistrationOpen: false } });
      expect(cache.revalidated).toEqual(['content:events']);
      expect((await publicList(category.id)).find((e) => e.id === event.id)?.isRegistrationOpen).toBe(false);
      expect((await publicEvent(db(), { eventId: event.id }))?.isRegistrationOpen).toBe(false);
      const [line] = await listAudit(db(), { entity: 'event', entityId: String(event.id) });
      expect(line).toMatchObject({
        action: 'update',
        actorEmail: organiser.email,
        before: { isRegistrationOpen: true, name: event.name },
        after: { isRegistrationOpen: false, name: event.name },
      });
      // The other fields were left alone.
      expect(closed.body.data).toMatchObject({ venue: 'Lecture Theatre 2', poc1Name: 'Meera Shah' });
    });

    it('a hidden event leaves the public reads and cannot be registered for, yet stays in the console', async () => {
      const event = await newEvent(category.id);
      await call(patchEvent, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(event.id) },
        body: { isVisible: false },
      });
      expect((await publicList(category.id)).some((e) => e.id === event.id)).toBe(false);
      expect(await publicEvent(db(), { eventId: event.id })).toBeNull();
      const registering = await call<Answer<unknown>>(verifyTeam, {
        token: user.token,
        params: { eventId: String(event.id) },
        body: { emails: [user.email] },
      });
      expect(registering.status).toBe(404);
      expect(registering.body.message).toBe('This event does not exist.');
      const inConsole = await call<Answer<AdminEvent>>(getEvent, {
        token: organiser.token,
        params: { id: String(event.id) },
      });
      expect(inConsole.body.data).toMatchObject({ id: event.id, isVisible: false });
    });

    it('edits options: keeps and changes named ones, adds new ones, removes unused ones', async () => {
      const event = await newEvent(category.id);
      const [solo, team] = event.participations;
      const answer = await call<Answer<AdminEvent>>(patchEvent, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(event.id) },
        body: {
          participations: [
            { participationName: 'Duo', price: 150, minRange: 2, maxRange: 2 },
            { id: solo!.id, participationName: 'Solo entry', price: 120, minRange: 1, maxRange: 1 },
          ],
          poc2Name: 'Kabir Rao',
          poc2PhoneNo: '+91 90000 00002',
        },
      });
      expect(answer.status).toBe(200);
      const options = answer.body.data.participations;
      expect(options.map((o) => o.participationName)).toEqual(['Duo', 'Solo entry']);
      expect(options[1]).toMatchObject({ id: solo!.id, price: 120 });
      expect(options.some((o) => o.id === team!.id)).toBe(false);
      expect(answer.body.data).toMatchObject({ poc2Name: 'Kabir Rao', poc2PhoneNo: '+91 90000 00002' });

      const foreign = await call<Answer<unknown>>(patchEvent, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(event.id) },
        body: {
          participations: [{ id: 1, participationName: 'Stolen', price: 0, minRange: 1, maxRange: 1 }],
        },
      });
      expect(foreign.status).toBe(400);
      const halfContact = await call<Answer<unknown>>(patchEvent, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(event.id) },
        body: { poc2PhoneNo: '' },
      });
      expect(halfContact.status).toBe(400);
      expect(halfContact.body.errors).toEqual({
        poc2PhoneNo: 'Give the second contact’s name and phone together, or leave both empty.',
      });
    });

    it('refuses to remove an option or delete an event that registrations point at, saying why', async () => {
      const event = await newEvent(category.id, { name: 'Robo Race' });
      await registerFor(event, 1);
      await registerFor(event, 1);
      cache.revalidated.length = 0;
      const removing = await call<Answer<unknown>>(patchEvent, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(event.id) },
        body: { participations: [{ ...event.participations[0] }] },
      });
      expect(removing.status).toBe(409);
      expect(removing.body.message).toBe(
        'Options with registrations cannot be removed: Team (2 registrations). Close registration or hide the event instead.',
      );
      const deleting = await call<Answer<unknown>>(deleteEvent, {
        token: organiser.token,
        method: 'DELETE',
        params: { id: String(event.id) },
      });
      expect(deleting.status).toBe(409);
      expect(deleting.body.message).toBe(
        'Robo Race has 2 registrations and cannot be deleted. Close registration or hide the event instead.',
      );
      expect(cache.revalidated).toEqual([]);
      const still = await call<Answer<AdminEvent>>(getEvent, {
        token: organiser.token,
        params: { id: String(event.id) },
      });
      expect(still.body.data).toMatchObject({ registrationCount: 2 });
      expect(still.body.data.participations).toHaveLength(2);
    });

    it('refuses to delete an event while a payment for it is in progress', async () => {
      const event = await newEvent(category.id, { name: 'Quiz Bowl' });
      await db()
        .insert(paymentOrders)
        .values({
          purpose: 'event',
          userId: user.userId,
          amountPaise: 10_000,
          receipt: `test-${event.id}`,
          item: { eventId: event.id, participationId: event.participations[0]!.id },
        });
      const deleting = await call<Answer<unknown>>(deleteEvent, {
        token: organiser.token,
        method: 'DELETE',
        params: { id: String(event.id) },
      });
      expect(deleting.status).toBe(409);
      expect(deleting.body.message).toBe(
        '1 payment for Quiz Bowl is still in progress. Close registration and try again in a few minutes.',
      );
      await db()
        .update(paymentOrders)
        .set({ state: 'expired' })
        .where(eq(paymentOrders.receipt, `test-${event.id}`));
      const retried = await call(deleteEvent, {
        token: organiser.token,
        method: 'DELETE',
        params: { id: String(event.id) },
      });
      expect(retried.status).toBe(200);
    });

    it('deletes an unregistered event with its options and audits what it was', async () => {
      const event = await newEvent(category.id, { name: 'Paper Planes' });
      const deleted = await call(deleteEvent, {
        token: organiser.token,
        method: 'DELETE',
        params: { id: String(event.id) },
      });
      expect(deleted.status).toBe(200);
      expect(cache.revalidated).toContain('content:events');
      expect(
        (await call(getEvent, { token: organiser.token, params: { id: String(event.id) } })).status,
      ).toBe(404);
      const [line] = await listAudit(db(), { entity: 'event', entityId: String(event.id) });
      expect(line).toMatchObject({ action: 'delete', before: { name: 'Paper Planes' }, after: null });
    });

    it("reorders one category's events and the public list follows", async () => {
      const own = await newCategory('Ordering');
      const a = await newEvent(own.id, { name: 'Alpha' });
      const b = await newEvent(own.id, { name: 'Bravo' });
      const c = await newEvent(own.id, { name: 'Charlie' });
      expect((await publicList(own.id)).map((e) => e.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
      cache.revalidated.length = 0;
      const answer = await call(reorderEvents, {
        token: organiser.token,
        body: { categoryId: own.id, ids: [c.id, a.id, b.id] },
      });
      expect(answer.status).toBe(200);
      expect(cache.revalidated).toEqual(['content:events']);
      expect((await publicList(own.id)).map((e) => e.name)).toEqual(['Charlie', 'Alpha', 'Bravo']);
      const [line] = await listAudit(db(), { entity: 'event', entityId: `category:${own.id}` });
      expect(line).toMatchObject({
        action: 'reorder',
        before: { ids: [a.id, b.id, c.id] },
        after: { ids: [c.id, a.id, b.id] },
      });

      const wrongCategory = await call<Answer<unknown>>(reorderEvents, {
        token: organiser.token,
        body: { categoryId: own.id, ids: [c.id, a.id, 1] },
      });
      expect(wrongCategory.status).toBe(400);
      expect(wrongCategory.body.message).toMatch(/not among the events of this category/);
    });

    it('moves an event to another category at the end of its list', async () => {
      const from = await newCategory('From');
      const to = await newCategory('To');
      await newEvent(to.id, { name: 'Resident' });
      const moving = await newEvent(from.id, { name: 'Traveller' });
      const moved = await call<Answer<AdminEvent>>(patchEvent, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(moving.id) },
        body: { categoryId: to.id },
      });
      expect(moved.status).toBe(200);
      expect((await publicList(to.id)).map((e) => e.name)).toEqual(['Resident', 'Traveller']);
      expect(await publicList(from.id)).toEqual([]);
      const stored = await db()
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, moving.id), eq(events.categoryId, to.id)));
      expect(stored).toHaveLength(1);
    });
  });

  describe('content files', () => {
    it('stores an image by its bytes and serves it to anyone, inline, cached for long, nosniff', async () => {
      const saved = await sendFile(organiser.token, png, 'poster.png');
      expect(saved).toMatchObject({ status: 201, body: { message: 'File uploaded successfully' } });
      const url = saved.body.data.url;
      expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
      const anonymous = await fetchFile(url);
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('content-type')).toBe('image/png');
      expect(anonymous.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(anonymous.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(anonymous.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await anonymous.arrayBuffer()).equals(png)).toBe(true);
    });

    it('takes a rule-book PDF, refuses other bytes whatever the name, and files over 10 MB', async () => {
      const rules = await sendFile(organiser.token, pdf, 'rules.pdf', 'application/pdf');
      expect(rules.status).toBe(201);
      expect((await fetchFile(rules.body.data.url)).headers.get('content-type')).toBe('application/pdf');
      // An organiser's file is a console change: the audit log says who uploaded what.
      const fileId = rules.body.data.url.split('/').pop()!;
      const [line] = await listAudit(db(), { entity: 'content_file', entityId: fileId });
      expect(line).toMatchObject({
        actorEmail: organiser.email,
        action: 'upload',
        before: null,
        after: {
          name: 'rules.pdf',
          contentType: 'application/pdf',
          sizeBytes: pdf.length,
          url: rules.body.data.url,
        },
      });
      const disguised = await sendFile(organiser.token, Buffer.from('<svg onload="alert(1)"/>'), 'art.png');
      expect(disguised).toMatchObject({
        status: 415,
        body: { message: 'Only JPEG, PNG, WebP images and PDF files can be uploaded.' },
      });
      const huge = await sendFile(organiser.token, Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
      expect(huge).toMatchObject({ status: 413, body: { message: 'The file is larger than 10 MB.' } });
      const missing = await uploadContent(
        new Request('http://localhost/api/admin/content-image', {
          method: 'POST',
          headers: { authorization: `Bearer ${organiser.token}`, 'content-type': 'application/json' },
          body: '{}',
        }),
        { params: Promise.resolve({}) },
      );
      expect(missing.status).toBe(400);
    });

    it('keeps identity proofs private: signed-out callers are asked to log in, strangers get 404', async () => {
      const owner = await quickUser(db());
      const response = await uploadProof(
        multipart('http://localhost/api/admin/upload', owner.token, png, 'id.png', 'image/png'),
        { params: Promise.resolve({}) },
      );
      const url = ((await response.json()) as Answer<{ url: string }>).data.url;
      // A participant's own upload is not a console action.
      expect(await listAudit(db(), { entityId: url.split('/').pop()! })).toEqual([]);
      expect((await fetchFile(url)).status).toBe(401);
      expect((await fetchFile(url, user.token)).status).toBe(404);
      const mine = await fetchFile(url, owner.token);
      expect(mine.status).toBe(200);
      expect(mine.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect((await fetchFile(url, organiser.token)).status).toBe(200);
    });
  });
});
