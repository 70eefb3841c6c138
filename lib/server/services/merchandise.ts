import 'server-only';
import { toRupees } from '@/lib/money';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { createMerchandiseOrderSchema, orderMerchandiseSchema } from '@/lib/schemas/shop';
import type { MerchandiseProduct } from '@/lib/schemas/shop-rules';
import type { AuthUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db';
import { pipelined } from '@/lib/server/db/client';
import { merchandiseProducts, merchandiseVariants } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import {
  assertAmountMatches,
  createPaymentOrder,
  orderForCheckout,
  type CheckoutOrder,
} from '@/lib/server/payments/orders';
import { orderItem, type MerchandiseOrderItem } from '@/lib/server/payments/order-item';
import { refundedMessage, settleOrder } from '@/lib/server/payments/settle';
import { assertWithinHoldCap } from './hold-cap';
import {
  assertUnitsLeft,
  holdStock,
  maxMerchandiseUnitsPerOrder,
  offeredItem,
  replaceAccountHolds,
  takeOverOffer,
  unitsLeft,
  unitsLeftColumn,
} from '@/lib/server/inventory';

/**
 * Visible products with their sizes; a size is available while enabled and units are left after holds and
 * the people waiting for it. A sold-out size is listed too (on sale, not available), for its waiting list.
 */
export async function listMerchandise(db: Db): Promise<MerchandiseProduct[]> {
  const products = await db
    .select()
    .from(merchandiseProducts)
    .where(eq(merchandiseProducts.isVisible, true))
    .orderBy(asc(merchandiseProducts.position), asc(merchandiseProducts.id));
  const variants = await db
    .select()
    .from(merchandiseVariants)
    .orderBy(asc(merchandiseVariants.position), asc(merchandiseVariants.id));
  const left = await unitsLeft(
    db,
    'merchandise_variant',
    variants.map((v) => v.id),
  );
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: toRupees(p.pricePaise),
    oldPrice: p.oldPricePaise === null ? null : toRupees(p.oldPricePaise),
    image1url: p.image1Url,
    image2url: p.image2Url,
    variants: variants
      .filter((v) => v.productId === p.id)
      .map((v) => ({
        id: v.id,
        type: v.type,
        isAvailable: v.isEnabled && (left.get(v.id) ?? 0) > 0,
        isOnSale: v.isEnabled,
      })),
  }));
}

export async function createMerchandiseOrder(
  db: Db,
  caller: AuthUser,
  input: z.infer<typeof createMerchandiseOrderSchema>,
): Promise<CheckoutOrder> {
  const variantIds = input.cart.map((l) => l.variantId);
  const rows = await db
    .select({
      id: merchandiseVariants.id,
      type: merchandiseVariants.type,
      price: merchandiseProducts.pricePaise,
      productName: merchandiseProducts.name,
      visible: merchandiseProducts.isVisible,
      unitsLeft: unitsLeftColumn.merchandise_variant(caller.id),
      stock: merchandiseVariants.stock,
      sold: merchandiseVariants.sold,
    })
    .from(merchandiseVariants)
    .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
    .where(inArray(merchandiseVariants.id, variantIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = input.cart.map((line) => {
    const variant = byId.get(line.variantId);
    if (!variant) throw new AppError('invalid_input', 'One of the sizes in your cart does not exist.');
    // A product the organisers have hidden is off sale, even for a cart loaded before it was hidden.
    if (!variant.visible) throw new AppError('conflict', `${variant.productName} is not on sale any more.`);
    return { variantId: variant.id, size: variant.type, qty: line.qty, unitPricePaise: variant.price };
  });
  const units = lines.reduce((sum, l) => sum + l.qty, 0);
  if (units > maxMerchandiseUnitsPerOrder) {
    throw new AppError(
      'conflict',
      `At most ${maxMerchandiseUnitsPerOrder} T-shirts can be ordered at a time. Please pay for these first, then order the rest.`,
      { reason: 'hold_limit' },
    );
  }
  const amountPaise = lines.reduce((sum, l) => sum + l.qty * l.unitPricePaise, 0);
  assertAmountMatches(input.amount, amountPaise);
  // A waiting list's offer holds one unit of its size for the caller: this order takes it over.
  const offered = input.offerId
    ? await offeredItem(db, input.offerId, caller.id, 'merchandise_variant')
    : undefined;
  if (offered !== undefined && !lines.some((l) => l.variantId === offered)) {
    throw new AppError('invalid_input', 'Your offer is for a size that is not in this cart.');
  }
  // A size seen sold out is refused here, without opening an order or queueing on the size's lock.
  // The offered unit is the caller's whoever else waits; only units beyond it must be left.
  for (const line of lines) {
    const beyondOffer = line.qty - (line.variantId === offered ? 1 : 0);
    if (beyondOffer > 0)
      assertUnitsLeft(
        byId.get(line.variantId)!.unitsLeft ?? 0,
        beyondOffer,
        `Size ${line.size}`,
        'merchandise_variant',
      );
  }
  // One account may hold no more than its share of a size, the offered unit included (hold-cap.ts).
  for (const line of lines) {
    const variant = byId.get(line.variantId)!;
    assertWithinHoldCap(line.qty, variant.stock - variant.sold, `Size ${line.size}`);
  }
  const item: MerchandiseOrderItem = { lines, productName: rows[0]!.productName };
  return createPaymentOrder(db, {
    purpose: 'merchandise',
    userId: caller.id,
    amountPaise,
    item,
    hold: async (tx: Tx, orderId: string) => {
      // Sizes the earlier cart held go to their waiting lists after the commit (the inventory's signal).
      const sorted = [...lines].sort((a, b) => a.variantId - b.variantId);
      const holdLine = (line: (typeof lines)[number], quantity: number) =>
        holdStock(tx, {
          orderId,
          kind: 'merchandise_variant',
          itemId: line.variantId,
          quantity,
          label: `Size ${line.size}`,
        });
      const replacing = () =>
        replaceAccountHolds(tx, {
          userId: caller.id,
          kind: 'merchandise_variant',
          orderId,
          spareOfferId: input.offerId,
        });
      if (!input.offerId) {
        // The usual cart: the account's earlier holds released and this cart's written in one round trip,
        // in id order (the sizes are locked at the commit in the order their holds were written).
        await pipelined(replacing, ...sorted.map((line) => () => holdLine(line, line.qty)));
        return;
      }
      await replacing();
      for (const line of sorted) {
        let quantity = line.qty;
        if (line.variantId === offered) {
          await takeOverOffer(tx, {
            offerId: input.offerId,
            userId: caller.id,
            kind: 'merchandise_variant',
            itemId: line.variantId,
            orderId,
          });
          quantity -= 1;
        }
        if (quantity > 0) await holdLine(line, quantity);
      }
    },
  });
}

export const merchandiseSuccessMessage =
  'Your merchandise order is confirmed. Details have been sent to your mail.';

export async function orderMerchandise(
  db: Db,
  caller: AuthUser,
  input: z.infer<typeof orderMerchandiseSchema>,
): Promise<void> {
  if (input.userId !== caller.id) throw new AppError('forbidden', 'You can only order for your own account.');
  const order = await orderForCheckout(db, caller.id, input.payData, 'merchandise');
  const item = orderItem(order, 'merchandise');
  const sameCart =
    input.cart.length === item.lines.length &&
    item.lines.every((l) => input.cart.some((c) => c.variantId === l.variantId && c.qty === l.qty));
  if (!sameCart) throw new AppError('invalid_input', 'This payment was made for a different cart.');
  const settlement = await settleOrder(db, order.id, input.payData.razorpay_payment_id, order);
  if (settlement.outcome === 'refunded') {
    throw new AppError('conflict', refundedMessage(settlement.reason));
  }
}
