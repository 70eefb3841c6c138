import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { GET as myPlansRoute } from '@/app/api/my-plans/route';
import { POST as cancelRoute } from '@/app/api/my-plans/cancel/route';
import { POST as sizeRoute } from '@/app/api/my-plans/size/route';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { GET as myWaitingLists, POST as joinList } from '@/app/api/waiting-lists/route';
import type { MyPlans } from '@/lib/schemas/changes';
import type { SizeChangeOutcome } from '@/lib/schemas/size-change';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  auditLog,
  mailOutbox,
  merchandiseOrderLines,
  merchandiseOrders,
  merchandiseProducts,
  merchandiseVariants,
  participantChanges,
  stockHolds,
} from '@/lib/server/db/schema';
import { activeHold } from '@/lib/server/inventory';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { newTee } from '../support/fixtures';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

type Person = Awaited<ReturnType<typeof quickUser>>;
type Variant = Awaited<ReturnType<typeof newTee>>[number];

afterEach(() => {
  setClockForTests(undefined);
});

describeEachDatabase('a participant changes a T-shirt size', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });

  function changeSize(person: Person, body: Record<string, unknown>) {
    return call<{ message: string; data: SizeChangeOutcome }>(sizeRoute, { token: person.token, body });
  }

  async function plans(person: Person) {
    return (await call<{ data: MyPlans }>(myPlansRoute, { token: person.token })).body.data;
  }

  /** A T-shirt of its own with these sizes (stock each), by size label. */
  async function tee(stockBySize: Record<string, number>) {
    const name = `Size Tee ${Math.random().toString(36).slice(2, 7)}`;
    const variants = await newTee(db(), { name, pricePaise: 30000, stockBySize });
    return { name, sizes: new Map(variants.map((v) => [v.type, v])) };
  }

  /** A new buyer who paid for one unit of `variant`, through the shop's routes; their order and line. */
  async function bought(variant: Variant) {
    const buyer = await quickUser(db());
    const cart = [{ variantId: variant.id, qty: 1 }];
    const order = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
      token: buyer.token,
      body: { amount: 300, cart },
    });
    expect(order.status).toBe(200);
    const paid = await call(orderMerchandise, {
      token: buyer.token,
      body: { userId: buyer.userId, cart, payData: await sandboxPay(order.body.data.order.id) },
    });
    expect(paid.status).toBe(201);
    const [row] = await db()
      .select({ orderId: merchandiseOrders.id, lineId: merchandiseOrderLines.id })
      .from(merchandiseOrders)
      .innerJoin(merchandiseOrderLines, eq(merchandiseOrderLines.orderId, merchandiseOrders.id))
      .where(eq(merchandiseOrders.userId, buyer.userId));
    return { buyer, orderId: row!.orderId, lineId: row!.lineId };
  }

  async function sold(...variants: Variant[]) {
    const rows = await db()
      .select({ id: merchandiseVariants.id, sold: merchandiseVariants.sold })
      .from(merchandiseVariants)
      .where(
        inArray(
          merchandiseVariants.id,
          variants.map((v) => v.id),
        ),
      );
    return variants.map((v) => rows.find((r) => r.id === v.id)!.sold);
  }

  function sizeMails(email: string) {
    return db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .then((mails) => mails.filter((m) => m.subject.includes(' is now size ')));
  }

  it('moves the unit to the new size once, with one change, one audit entry and one mail', async () => {
    const { name, sizes } = await tee({ M: 2, L: 2 });
    const [m, l] = [sizes.get('M')!, sizes.get('L')!];
    const { buyer, orderId, lineId } = await bought(m);
    expect(await sold(m, l)).toEqual([1, 0]);

    const [order] = (await plans(buyer)).merchandiseOrders;
    expect(order).toMatchObject({
      id: orderId,
      lines: [
        {
          id: lineId,
          productName: name,
          size: 'M',
          qty: 1,
          sizes: [
            { size: 'M', available: true },
            { size: 'L', available: true },
          ],
        },
      ],
    });

    // A double tap: both answer, one changes.
    const [first, second] = await Promise.all([
      changeSize(buyer, { orderId, lineId, size: 'L' }),
      changeSize(buyer, { orderId, lineId, size: 'L' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.alreadyThatSize, second.body.data.alreadyThatSize].sort()).toEqual([false, true]);
    const done = first.body.data.alreadyThatSize ? second : first;
    expect(done.body.message).toBe(`Your ${name} is now size L.`);
    expect(done.body.data).toMatchObject({ fromSize: 'M', size: 'L' });
    const again = first.body.data.alreadyThatSize ? first : second;
    expect(again.body.message).toBe(`Your ${name} is already size L.`);

    expect(await sold(m, l)).toEqual([0, 1]);
    const [line] = await db()
      .select()
      .from(merchandiseOrderLines)
      .where(eq(merchandiseOrderLines.id, lineId));
    expect(line).toMatchObject({ variantId: l.id, qty: 1, unitPricePaise: 30000 });
    const changes = await db()
      .select()
      .from(participantChanges)
      .where(eq(participantChanges.entityId, orderId));
    expect(changes).toMatchObject([
      {
        action: 'size',
        entity: 'merchandise_order',
        userId: buyer.userId,
        refundPaise: 0,
        summary: `${name}: M → L`,
      },
    ]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'size')));
    expect(audit).toMatchObject([{ actorEmail: buyer.email }]);
    const mails = await sizeMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`changed from size M to size L`);

    expect((await plans(buyer)).merchandiseOrders[0]!.lines[0]).toMatchObject({ size: 'L' });
    // A lower-case label finds the size too; asking for the size it has changes nothing.
    const same = await changeSize(buyer, { orderId, lineId, size: 'l' });
    expect(same.status).toBe(200);
    expect(same.body.data.alreadyThatSize).toBe(true);
    expect(await sold(m, l)).toEqual([0, 1]);
  });

  it('refuses a sold-out size and a size the T-shirt does not come in, changing nothing', async () => {
    const { sizes } = await tee({ M: 1, L: 1 });
    const [m, l] = [sizes.get('M')!, sizes.get('L')!];
    const { buyer, orderId, lineId } = await bought(m);
    await bought(l);
    expect((await plans(buyer)).merchandiseOrders[0]!.lines[0]!.sizes).toEqual([
      { size: 'M', available: true },
      { size: 'L', available: false },
    ]);

    const soldOut = await changeSize(buyer, { orderId, lineId, size: 'L' });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe('Size L is sold out.');
    const unknown = await changeSize(buyer, { orderId, lineId, size: 'XXL' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This T-shirt does not come in size XXL.');
    expect((await changeSize(buyer, { orderId, lineId: 2_147_483_648, size: 'L' })).status).toBe(400);
    expect((await changeSize(buyer, { orderId, lineId: lineId + 100000, size: 'L' })).status).toBe(404);
    expect((await changeSize(buyer, { orderId: 'nope', lineId, size: 'L' })).status).toBe(400);

    expect(await sold(m, l)).toEqual([1, 1]);
    expect(
      await db().select().from(participantChanges).where(eq(participantChanges.entityId, orderId)),
    ).toEqual([]);
  });

  it('refuses after the freeze with its time, for a stranger (404) and for a cancelled order (409)', async () => {
    const { name, sizes } = await tee({ M: 2, L: 2 });
    const [m, l] = [sizes.get('M')!, sizes.get('L')!];
    const { buyer, orderId, lineId } = await bought(m);

    const stranger = await quickUser(db());
    const theirs = await changeSize(stranger, { orderId, lineId, size: 'L' });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('This is not one of your plans.');

    await db()
      .update(merchandiseProducts)
      .set({ changesFreezeAt: new Date('2027-02-10T18:30:00+05:30') })
      .where(eq(merchandiseProducts.id, m.productId));
    setClockForTests(() => new Date('2027-02-11T09:00:00+05:30'));
    const late = await changeSize(buyer, { orderId, lineId, size: 'L' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `Changes to your ${name} order closed on 10 Feb 2027, 6:30 pm (India time). Please contact the organisers.`,
    );
    expect(await sold(m, l)).toEqual([1, 0]);

    setClockForTests(undefined);
    expect(
      (await call(cancelRoute, { token: buyer.token, body: { kind: 'merchandise_order', id: orderId } }))
        .status,
    ).toBe(200);
    const cancelled = await changeSize(buyer, { orderId, lineId, size: 'L' });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('This T-shirt order was cancelled, so its size cannot be changed.');
    expect(await sold(m, l)).toEqual([0, 0]);
  });

  it('the freed size goes to the first in its waiting list, as a cancellation does', async () => {
    const { sizes } = await tee({ M: 1, L: 1 });
    const [m, l] = [sizes.get('M')!, sizes.get('L')!];
    const { buyer, orderId, lineId } = await bought(m);
    const waiting = await quickUser(db());
    const joined = await call(joinList, {
      token: waiting.token,
      body: { kind: 'merchandise_variant', itemId: m.id },
    });
    expect(joined.status).toBe(201);

    const done = await changeSize(buyer, { orderId, lineId, size: 'L' });
    expect(done.status).toBe(200);
    expect(await sold(m, l)).toEqual([0, 1]);
    const entries = (await call<{ data: MyWaitingEntry[] }>(myWaitingLists, { token: waiting.token })).body
      .data;
    expect(entries).toMatchObject([{ status: 'offered' }]);
  });

  it('a size with people waiting is not taken from them by a size change', async () => {
    const { sizes } = await tee({ M: 2, L: 1 });
    const [m, l] = [sizes.get('M')!, sizes.get('L')!];
    const { buyer, orderId, lineId } = await bought(m);
    const { buyer: holder } = await bought(l);
    const waiting = await quickUser(db());
    expect(
      (await call(joinList, { token: waiting.token, body: { kind: 'merchandise_variant', itemId: l.id } }))
        .status,
    ).toBe(201);
    // The holder of L cancels: the unit is offered to the one waiting, not left for the size change.
    const holderOrder = (await plans(holder)).merchandiseOrders[0]!;
    expect(
      (
        await call(cancelRoute, {
          token: holder.token,
          body: { kind: 'merchandise_order', id: holderOrder.id },
        })
      ).status,
    ).toBe(200);
    const refused = await changeSize(buyer, { orderId, lineId, size: 'L' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Size L is sold out.');
    expect(await sold(m, l)).toEqual([1, 0]);
  });

  it('two size changes racing for the last unit of a size: exactly one gets it, nothing oversold', async () => {
    const { sizes } = await tee({ M: 2, L: 1 });
    const [m, l] = [sizes.get('M')!, sizes.get('L')!];
    const a = await bought(m);
    const b = await bought(m);
    const outcomes = await Promise.all([
      changeSize(a.buyer, { orderId: a.orderId, lineId: a.lineId, size: 'L' }),
      changeSize(b.buyer, { orderId: b.orderId, lineId: b.lineId, size: 'L' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    expect(outcomes.find((o) => o.status === 409)!.body.message).toBe('Size L is sold out.');
    expect(await sold(m, l)).toEqual([1, 1]);
    expect(
      await db().select().from(merchandiseOrderLines).where(eq(merchandiseOrderLines.variantId, l.id)),
    ).toHaveLength(1);
  });

  it('a size change racing a purchase of the last unit: exactly one gets it, nothing oversold', async () => {
    const { sizes } = await tee({ M: 1, L: 1 });
    const [m, l] = [sizes.get('M')!, sizes.get('L')!];
    const { buyer, orderId, lineId } = await bought(m);
    const shopper = await quickUser(db());
    const [changed, ordered] = await Promise.all([
      changeSize(buyer, { orderId, lineId, size: 'L' }),
      call<{ message: string }>(createMerchOrder, {
        token: shopper.token,
        body: { amount: 300, cart: [{ variantId: l.id, qty: 1 }] },
      }),
    ]);
    expect([changed.status, ordered.status].sort()).toEqual([200, 409]);
    const held = await db()
      .select()
      .from(stockHolds)
      .where(and(eq(stockHolds.kind, 'merchandise_variant'), eq(stockHolds.itemId, l.id), activeHold()));
    const [, soldL] = await sold(m, l);
    // One unit of L: either the change's sale or the shopper's hold, never both.
    expect([soldL, held.length]).toEqual(changed.status === 200 ? [1, 0] : [0, 1]);
    if (ordered.status === 409) expect(ordered.body.message).toContain('sold out');
    else expect(changed.body.message).toBe('Size L is sold out.');
  });
});
