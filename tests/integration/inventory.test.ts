import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { GET as mine, POST as join } from '@/app/api/waiting-lists/route';
import { setClockForTests } from '@/lib/server/clock';
import { queryRows } from '@/lib/server/db/client';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { mailOutbox, merchandiseOrders, merchandiseVariants, stockHolds } from '@/lib/server/db/schema';
import { heldUnits, inventoryChanged, unitsLeft } from '@/lib/server/inventory';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { newTee } from '../support/fixtures';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

afterEach(() => setClockForTests(undefined));

/*
 * The inventory as one part (docs/inventory.md): one rule for what is left, one writer per counter, and
 * one signal that brings a freed unit to its waiting list without the freeing code knowing of lists.
 */
describeEachDatabase('the inventory', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });

  /** A size with no unit left and `waiting` people in its list, in order. */
  async function soldOutSizeWithLine(name: string, waiting: number) {
    const [variant] = await newTee(db(), { name, pricePaise: 30000, stockBySize: { L: 0 } });
    const line = await Promise.all(Array.from({ length: waiting }, () => quickUser(db())));
    for (const person of line) {
      const joined = await call(join, {
        token: person.token,
        body: { kind: 'merchandise_variant', itemId: variant!.id },
      });
      expect(joined.status).toBe(201);
    }
    return { variant: variant!, line };
  }

  async function entriesOf(token: string) {
    return (await call<{ data: MyWaitingEntry[] }>(mine, { token })).body.data;
  }

  describe('one signal for a changed item', () => {
    it('a new way of freeing a unit reaches the waiting list by saying inventoryChanged, and nothing else', async () => {
      const { variant, line } = await soldOutSizeWithLine('Signal tee', 2);
      // A freeing path the waiting lists know nothing of: a unit found in the store room.
      await db().transaction(async (tx) => {
        await tx
          .update(merchandiseVariants)
          .set({ stock: sql`${merchandiseVariants.stock} + 1` })
          .where(eq(merchandiseVariants.id, variant.id));
        inventoryChanged(tx, 'merchandise_variant', variant.id);
      });
      // Heard after the commit, before the transaction's caller went on: the first in line holds the offer.
      expect((await entriesOf(line[0]!.token)).map((e) => e.status)).toEqual(['offered']);
      expect((await entriesOf(line[1]!.token)).map((e) => e.status)).toEqual(['waiting']);
      const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, line[0]!.email));
      expect(mails.some((m) => m.subject.includes('Signal tee'))).toBe(true);
    });

    it('a transaction that rolls back tells nobody', async () => {
      const { variant, line } = await soldOutSizeWithLine('Rolled back tee', 1);
      await expect(
        db().transaction(async (tx) => {
          await tx
            .update(merchandiseVariants)
            .set({ stock: 1 })
            .where(eq(merchandiseVariants.id, variant.id));
          inventoryChanged(tx, 'merchandise_variant', variant.id);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect((await entriesOf(line[0]!.token)).map((e) => e.status)).toEqual(['waiting']);
    });

    it('a savepoint rolled back drops its own signal, its transaction keeps the rest', async () => {
      const { variant, line } = await soldOutSizeWithLine('Savepoint tee', 1);
      await db().transaction(async (tx) => {
        await tx
          .transaction(async (inner) => {
            await inner
              .update(merchandiseVariants)
              .set({ stock: 1 })
              .where(eq(merchandiseVariants.id, variant.id));
            inventoryChanged(inner, 'merchandise_variant', variant.id);
            throw new Error('undo the savepoint');
          })
          .catch(() => undefined);
      });
      expect((await entriesOf(line[0]!.token)).map((e) => e.status)).toEqual(['waiting']);
    });

    it('refuses a signal outside a transaction of the database module', () => {
      expect(() => inventoryChanged({} as never, 'merchandise_variant', 1)).toThrow(/afterCommit/);
    });
  });

  describe('one writer per counter', () => {
    it("a T-shirt order's sale is counted at its payment and given back by its cancellation, by PostgreSQL alone", async () => {
      const [variant] = await newTee(db(), { name: 'Counter tee', pricePaise: 30000, stockBySize: { S: 8 } });
      const buyer = await quickUser(db());
      const cart = [{ variantId: variant!.id, qty: 2 }];
      const order = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
        token: buyer.token,
        body: { amount: 600, cart },
      });
      expect(order.status).toBe(200);
      const paid = await call(orderMerchandise, {
        token: buyer.token,
        body: { userId: buyer.userId, cart, payData: await sandboxPay(order.body.data.order.id) },
      });
      expect(paid.status).toBe(201);
      const soldOf = async () =>
        (await db().select().from(merchandiseVariants).where(eq(merchandiseVariants.id, variant!.id)))[0]!
          .sold;
      expect(await soldOf()).toBe(2);
      // Nothing but the record's status changes here: the trigger writes the counter at the commit.
      await db().transaction(async (tx) => {
        await tx
          .update(merchandiseOrders)
          .set({ status: 'cancelled', cancelledAt: new Date() })
          .where(eq(merchandiseOrders.userId, buyer.userId));
      });
      expect(await soldOf()).toBe(0);
      expect((await unitsLeft(db(), 'merchandise_variant', [variant!.id])).get(variant!.id)).toBe(8);
    });
  });

  describe('one rule for what is left', () => {
    it('the glance, the locked count and the check at commit agree: limit - taken - active holds - waiting', async () => {
      const [variant] = await newTee(db(), { name: 'Rule tee', pricePaise: 30000, stockBySize: { M: 4 } });
      const buyer = await quickUser(db());
      const order = await call(createMerchOrder, {
        token: buyer.token,
        body: { amount: 300, cart: [{ variantId: variant!.id, qty: 1 }] },
      });
      expect(order.status).toBe(200);
      expect((await heldUnits(db(), 'merchandise_variant', [variant!.id])).get(variant!.id)).toBe(1);
      expect((await unitsLeft(db(), 'merchandise_variant', [variant!.id])).get(variant!.id)).toBe(3);
      // The buyer's own unpaid hold counts as left to them: their next order replaces it.
      expect(
        (await unitsLeft(db(), 'merchandise_variant', [variant!.id], buyer.userId)).get(variant!.id),
      ).toBe(4);
      // The hold's time passes: no write, and the rule stops counting it.
      setClockForTests(() => new Date(Date.now() + 16 * 60_000));
      expect((await unitsLeft(db(), 'merchandise_variant', [variant!.id])).get(variant!.id)).toBe(4);
      const [row] = await queryRows<{ open: number }>(
        db(),
        sql`select count(*)::int as open from ${stockHolds} where ${stockHolds.itemId} = ${variant!.id}
          and ${stockHolds.releasedAt} is null and ${stockHolds.convertedAt} is null`,
      );
      expect(Number(row!.open)).toBe(1);
    });
  });
});
