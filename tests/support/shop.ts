import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import type { RefundPolicy } from '@/lib/schemas/changes';
import type { Db } from '@/lib/server/db';
import {
  merchandiseOrders,
  merchandiseProducts,
  merchandiseVariants,
  paymentOrders,
} from '@/lib/server/db/schema';
import { quickUser } from './accounts';
import { call } from './api';
import { newTee } from './fixtures';
import { sandboxPay } from './sandbox';

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

/**
 * A new buyer's paid and confirmed order for one unit of a new T-shirt's size M (₹ 300) holding `stock`,
 * its product under `policy` for cancellations; the order's ids.
 */
export async function paidTeeOrder(
  db: Db,
  options: { name: string; stock: number; refundPolicy?: RefundPolicy; refundPercent?: number },
) {
  const open = await openTeeOrder(db, options);
  const [variant] = await db
    .select()
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.id, open.variant.id));
  await db
    .update(merchandiseProducts)
    .set({ refundPolicy: options.refundPolicy ?? 'none', refundPercent: options.refundPercent ?? null })
    .where(eq(merchandiseProducts.id, variant!.productId));
  const paid = await call(orderMerchandise, {
    token: open.buyer.token,
    body: { userId: open.buyer.userId, cart: open.cart, payData: await sandboxPay(open.providerOrderId) },
  });
  expect(paid.status).toBe(201);
  const [row] = await db
    .select()
    .from(merchandiseOrders)
    .where(eq(merchandiseOrders.userId, open.buyer.userId));
  return { buyer: open.buyer, variant: open.variant, orderId: row!.id, paymentOrderId: row!.paymentOrderId };
}
