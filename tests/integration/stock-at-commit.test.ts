import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { merchandiseVariants, paymentOrders, stockHolds } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { createPaymentOrder } from '@/lib/server/payments/orders';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { holdStock, unitsLeftColumn } from '@/lib/server/inventory';
import { quickUser } from '../support/accounts';
import { newTee } from '../support/fixtures';
import { describeEachDatabase } from '../support/test-db';

/*
 * A size's or a stay's hold is decided when its transaction commits (drizzle/0012_stock_checks_at_commit.sql):
 * these tests go past the screen's glance (which refuses what it sees sold out) straight to the order, as a
 * buyer racing others for the last units does, and check the commit's answer and what it leaves behind.
 */

afterEach(() => setSandboxWebhookMode('immediate'));

describeEachDatabase('stock decided at the commit', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });
  beforeEach(() => setSandboxWebhookMode('off'));

  /** An order for `quantity` of a size, its hold written without any check before the commit's. */
  async function orderUnits(userId: string, variantId: number, quantity: number) {
    return createPaymentOrder(db(), {
      purpose: 'merchandise',
      userId,
      amountPaise: 10000 * quantity,
      item: { lines: [], productName: 'Commit Tee' },
      hold: (tx, orderId) =>
        holdStock(tx, { orderId, kind: 'merchandise_variant', itemId: variantId, quantity, label: 'Size M' }),
    });
  }

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  async function ordersOf(userId: string) {
    return db().select().from(paymentOrders).where(eq(paymentOrders.userId, userId));
  }

  it('refuses more than is left with the true count, and keeps neither the order nor its hold', async () => {
    const [m] = await newTee(db(), { name: 'Commit Tee', pricePaise: 10000, stockBySize: { M: 3 } });
    const first = await quickUser(db());
    await orderUnits(first.userId, m!.id, 1);

    // The glance the screens and the create-order read use counts the same units as the commit's check.
    const [glance] = await db()
      .select({ left: unitsLeftColumn.merchandise_variant() })
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.id, m!.id));
    expect(glance?.left).toBe(2);

    const second = await quickUser(db());
    const tooMany = await refusal(orderUnits(second.userId, m!.id, 3));
    expect(tooMany.code).toBe('conflict');
    expect(tooMany.message).toBe('Only 2 left of Size M; please lower the quantity.');
    expect(await ordersOf(second.userId)).toEqual([]);

    await orderUnits(second.userId, m!.id, 2);
    const third = await quickUser(db());
    const soldOut = await refusal(orderUnits(third.userId, m!.id, 1));
    expect(soldOut.message).toBe('Size M is sold out.');
    expect(soldOut.reason).toBe('sold_out');
    expect(await ordersOf(third.userId)).toEqual([]);
    const holds = await db().select().from(stockHolds).where(eq(stockHolds.itemId, m!.id));
    expect(holds.map((h) => h.quantity).sort()).toEqual([1, 2]);
  });

  it('refuses a size switched off meanwhile as not available', async () => {
    const [m] = await newTee(db(), { name: 'Commit Tee', pricePaise: 10000, stockBySize: { M: 5 } });
    await db().update(merchandiseVariants).set({ isEnabled: false }).where(eq(merchandiseVariants.id, m!.id));
    const buyer = await quickUser(db());
    const refused = await refusal(orderUnits(buyer.userId, m!.id, 1));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toBe('Size M is not available.');
    expect(await ordersOf(buyer.userId)).toEqual([]);
  });

  it('gives the last units to exactly as many racing orders as there are units', async () => {
    const [m] = await newTee(db(), { name: 'Commit Tee', pricePaise: 10000, stockBySize: { M: 4 } });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => quickUser(db())));
    const outcomes = await Promise.allSettled(buyers.map((b) => orderUnits(b.userId, m!.id, 1)));
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(4);
    expect(refused).toHaveLength(8);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ message: 'Size M is sold out.' });
    const orders = await Promise.all(buyers.map((b) => ordersOf(b.userId)));
    expect(orders.flat()).toHaveLength(4);
  });
});
