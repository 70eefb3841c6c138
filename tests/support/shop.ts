import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import type { Db } from '@/lib/server/db';
import { paymentOrders } from '@/lib/server/db/schema';
import { quickUser } from './accounts';
import { call } from './api';
import { newTee } from './fixtures';

/**
 * A new buyer with an open order (and its hold) for one unit of a new T-shirt's size M holding `stock`,
 * made through the create-order route as the shop makes it; the order's row as stored.
 */
export async function openTeeOrder(db: Db, options: { name: string; stock: number }) {
  const [variant] = await newTee(db, {
    name: options.name,
    pricePaise: 30000,
    stockBySize: { M: options.stock },
  });
  const buyer = await quickUser(db);
  const cart = [{ variantId: variant!.id, qty: 1 }];
  const created = await call<{ data: { order: { id: string } } }>(createMerchOrder, {
    token: buyer.token,
    body: { amount: 300, cart },
  });
  expect(created.status).toBe(200);
  const providerOrderId = created.body.data.order.id;
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, providerOrderId));
  return { variant: variant!, buyer, cart, providerOrderId, order: order! };
}
