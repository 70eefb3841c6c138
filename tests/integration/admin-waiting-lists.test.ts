import { beforeAll, expect, it, vi } from 'vitest';
import { PATCH as patchSize } from '@/app/api/admin/merchandise-variant/[id]/route';
import { GET as adminLists } from '@/app/api/admin/waiting-lists/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { POST as join } from '@/app/api/waiting-lists/route';
import { DELETE as leave } from '@/app/api/waiting-lists/[id]/route';
import { seedIfEmpty } from '@/lib/server/db/seed';
import type { AdminWaitingList, WaitingListItem } from '@/lib/schemas/waiting-lists';
import { liveEntriesByItem } from '@/lib/server/services/waiting-lists';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, patchSoloPlaceLimit, registerFreeSolo } from '../support/events';
import { newStay, newTee } from '../support/fixtures';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

/*
 * The organisers' console reads of the waiting lists (docs/waiting-lists.md): the overview of every item
 * someone waits for with its figures, and one item's list with the item's figures, which the console's
 * "Raise the limit" reads again after raising.
 */

type Person = Awaited<ReturnType<typeof quickUser>>;

describeEachDatabase('waiting lists in the console', (current) => {
  const db = () => current().db;
  let organiser: Person;
  let admin: Person;
  beforeAll(async () => {
    await seedIfEmpty(db());
    [organiser, admin] = await Promise.all([
      quickUser(db(), { role: 'organiser' }),
      quickUser(db(), { role: 'admin' }),
    ]);
  });

  function joinList(person: Person, kind: string, itemId: number) {
    return call<{ data: { id: string } }>(join, { token: person.token, body: { kind, itemId } });
  }

  async function overview(token: string) {
    const answer = await call<{ data: WaitingListItem[] }>(adminLists, { token });
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  /** A free solo option limited to one place, taken, with `waiting` people on its list (in order). */
  async function fullOption(waiting: number) {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1, placeLimit: 1 });
    const people = await Promise.all(Array.from({ length: waiting + 1 }, () => quickUser(db())));
    expect((await registerFreeSolo(people[0]!, event.id, option.id)).status).toBe(201);
    for (const person of people.slice(1)) {
      expect((await joinList(person, 'participation_option', option.id)).status).toBe(201);
    }
    return { event, option, waiting: people.slice(1) };
  }

  it('answers the overview to organisers and admins only', async () => {
    const user = await quickUser(db());
    const signedOut = await call(adminLists, {});
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Please log in to continue.');
    const participant = await call(adminLists, { token: user.token });
    expect(participant.status).toBe(403);
    expect(participant.body.message).toBe('You do not have permission to do this.');
    expect((await call(adminLists, { token: admin.token })).status).toBe(200);
    expect((await call(adminLists, { token: organiser.token })).status).toBe(200);
  });

  it('lists every item with live entries, with its label, counts, limit and what is taken', async () => {
    const { event, option } = await fullOption(2);
    const [size] = await newTee(db(), { name: 'Queue Tee', pricePaise: 30000, stockBySize: { L: 1 } });
    const stay = await newStay(db(), { label: 'Queue hall', capacity: 0, pricePerNight: 500, days: 2 });
    const [buyer, sizeFan, stayFan, quitter] = await Promise.all([
      quickUser(db()),
      quickUser(db()),
      quickUser(db()),
      quickUser(db()),
    ]);
    const cart = [{ variantId: size!.id, qty: 1 }];
    expect((await call(createMerchOrder, { token: buyer.token, body: { amount: 300, cart } })).status).toBe(
      200,
    );
    expect((await joinList(sizeFan, 'merchandise_variant', size!.id)).status).toBe(201);
    expect((await joinList(stayFan, 'accommodation_option', stay.id)).status).toBe(201);

    // Someone who left is not live: an item with only such entries is not listed.
    const first = await quickUser(db());
    const taken = await createTestEvent(db(), { price: 0, min: 1, max: 1, placeLimit: 1 });
    expect((await registerFreeSolo(first, taken.event.id, taken.option.id)).status).toBe(201);
    const quit = await joinList(quitter, 'participation_option', taken.option.id);
    expect(quit.status).toBe(201);
    const left = await call(leave, {
      method: 'DELETE',
      token: quitter.token,
      params: { id: quit.body.data.id },
    });
    expect(left.status).toBe(200);

    const items = await overview(organiser.token);
    const find = (kind: string, itemId: number) => items.find((i) => i.kind === kind && i.itemId === itemId);
    expect(find('participation_option', option.id)).toEqual({
      kind: 'participation_option',
      itemId: option.id,
      label: `Solo for ${event.name}`,
      waiting: 2,
      offered: 0,
      limit: 1,
      taken: 1,
      held: 0,
      onSale: true,
      eventId: event.id,
    });
    expect(find('merchandise_variant', size!.id)).toMatchObject({
      label: 'Queue Tee, size L',
      waiting: 1,
      offered: 0,
      limit: 1,
      taken: 0,
      held: 1,
      onSale: true,
      eventId: null,
    });
    expect(find('accommodation_option', stay.id)).toMatchObject({
      label: expect.stringMatching(/^Queue hall \w+ from 2027-02-21$/),
      waiting: 1,
      limit: 0,
      taken: 0,
      held: 0,
    });
    expect(find('participation_option', taken.option.id)).toBeUndefined();
    // Events' options first, then sizes, then stays.
    const kinds = items.map((i) => i.kind);
    expect(kinds.lastIndexOf('participation_option')).toBeLessThan(kinds.indexOf('merchandise_variant'));
    expect(kinds.lastIndexOf('merchandise_variant')).toBeLessThan(kinds.indexOf('accommodation_option'));

    // The content consoles' links count the same.
    expect((await liveEntriesByItem(db(), 'participation_option'))[option.id]).toEqual({
      waiting: 2,
      offered: 0,
    });
  });

  it('one list carries its item, and shows the offers a raised limit made at once', async () => {
    const { event, option, waiting } = await fullOption(3);
    const query = `?kind=participation_option&itemId=${option.id}`;
    const before = await call<{ data: AdminWaitingList }>(adminLists, { token: organiser.token, query });
    expect(before.status).toBe(200);
    expect(before.body.data.label).toBe(`Solo for ${event.name}`);
    expect(before.body.data.item).toMatchObject({ limit: 1, taken: 1, waiting: 3, offered: 0, held: 0 });
    expect(before.body.data.entries.map((e) => [e.email, e.position, e.status])).toEqual([
      [waiting[0]!.email, 1, 'waiting'],
      [waiting[1]!.email, 2, 'waiting'],
      [waiting[2]!.email, 3, 'waiting'],
    ]);

    // As the console's "Raise the limit" sends it: the event's whole list of options, this one's limit raised.
    const raised = await patchSoloPlaceLimit(organiser, event.id, option.id, 3);
    expect(raised.status).toBe(200);
    const after = await call<{ data: AdminWaitingList }>(adminLists, { token: organiser.token, query });
    expect(after.body.data.item).toMatchObject({ limit: 3, taken: 1, waiting: 1, offered: 2, held: 2 });
    expect(after.body.data.entries.map((e) => [e.position, e.status])).toEqual([
      [null, 'offered'],
      [null, 'offered'],
      [1, 'waiting'],
    ]);
    expect(after.body.data.entries[0]!.offerExpiresAt).not.toBeNull();
    const listed = (await overview(organiser.token)).find((i) => i.itemId === option.id);
    expect(listed).toMatchObject({ waiting: 1, offered: 2 });
  });

  it('a raised stock of a size offers at once; a size switched off shows as not on sale', async () => {
    const [size] = await newTee(db(), { name: 'Raise Tee', pricePaise: 30000, stockBySize: { S: 0 } });
    const fan = await quickUser(db());
    expect((await joinList(fan, 'merchandise_variant', size!.id)).status).toBe(201);
    const query = `?kind=merchandise_variant&itemId=${size!.id}`;
    const off = await call(patchSize, {
      method: 'PATCH',
      token: organiser.token,
      params: { id: String(size!.id) },
      body: { isEnabled: false },
    });
    expect(off.status).toBe(200);
    const hidden = await call<{ data: AdminWaitingList }>(adminLists, { token: organiser.token, query });
    expect(hidden.body.data.item).toMatchObject({ onSale: false, limit: 0, waiting: 1 });
    await call(patchSize, {
      method: 'PATCH',
      token: organiser.token,
      params: { id: String(size!.id) },
      body: { isEnabled: true, stock: 1 },
    });
    const listed = await call<{ data: AdminWaitingList }>(adminLists, { token: organiser.token, query });
    expect(listed.body.data.item).toMatchObject({ onSale: true, limit: 1, waiting: 0, offered: 1, held: 1 });
    expect(listed.body.data.entries[0]).toMatchObject({ email: fan.email, status: 'offered' });
  });

  it('refuses half a query and an unknown item', async () => {
    const onlyKind = await call(adminLists, { token: organiser.token, query: '?kind=merchandise_variant' });
    expect(onlyKind.status).toBe(400);
    expect(onlyKind.body.message).toBe('itemId must be a number.');
    const onlyId = await call(adminLists, { token: organiser.token, query: '?itemId=3' });
    expect(onlyId.status).toBe(400);
    expect(onlyId.body.message).toBe(
      'kind must be participation_option, merchandise_variant or accommodation_option.',
    );
    const badKind = await call(adminLists, { token: organiser.token, query: '?kind=tickets&itemId=3' });
    expect(badKind.status).toBe(400);
    const unknown = await call(adminLists, {
      token: organiser.token,
      query: '?kind=merchandise_variant&itemId=999999',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This size does not exist.');
  });
});
