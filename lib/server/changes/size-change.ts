import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { SizeChangeInput, SizeChangeOutcome } from '@/lib/schemas/size-change';
import { recordAudit } from '@/lib/server/admin/audit';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import {
  merchandiseOrderLines,
  merchandiseOrders,
  merchandiseProducts,
  merchandiseVariants,
  participantChanges,
  paymentOrders,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { inventoryChanged, lockedUnitsLeft } from '@/lib/server/inventory';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { sizeChangedMail } from '@/lib/server/mail/size-change-mails';
import { mailRecipient } from '@/lib/server/services/recipients';
import { assertBeforeFreeze, shopFreezeAt } from './rules';
import { notYours } from './whose';

/*
 * A buyer changes the size of a T-shirt they ordered, from the profile. One transaction:
 *
 *   payment order -> T-shirt order (row locks, the order cancel.ts and an organiser's refund take them in)
 *   -> the two sizes, in id order (the inventory's lock, the order the sales triggers lock them in)
 *
 * Under the new size's lock what is left of it is counted by the inventory's one rule (stock - sold -
 * active holds - people waiting), so a size change, a purchase and a waiting list's offer of the last unit
 * queue on the same lock and only one of them gets it. The line then points at the new size; PostgreSQL
 * moves its units from the old size's `sold` to the new one's at the commit (drizzle/0017), and the
 * inventory's signal tells the old size's waiting list that a unit came free.
 *
 * Sizes carry no price of their own (the product has one price), so a size change never changes what was
 * paid: nothing to pay, nothing to refund.
 *
 * A second request for the size the line already has (a double tap, a retry after a lost answer) finds it
 * under the order's lock and answers "already that size", changing nothing.
 */

/** Locks the order's payment order before the order itself, as a cancellation and a refund do. */
async function lockPaymentOrderFirst(tx: Tx, orderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ paymentOrderId: merchandiseOrders.paymentOrderId })
    .from(merchandiseOrders)
    .where(eq(merchandiseOrders.id, orderId));
  if (!row) return null;
  const [payment] = await tx
    .select({ state: paymentOrders.state })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, row.paymentOrderId))
    .for('update');
  return payment?.state ?? null;
}

/** The order, locked, and refused unless it is the caller's, confirmed and paid. */
async function heldOrder(tx: Tx, userId: string, orderId: string, paymentState: string | null) {
  const [order] = await tx
    .select({
      userId: merchandiseOrders.userId,
      status: merchandiseOrders.status,
      paymentOrderId: merchandiseOrders.paymentOrderId,
    })
    .from(merchandiseOrders)
    .where(eq(merchandiseOrders.id, orderId))
    .for('update');
  if (!order || order.userId !== userId) throw new AppError('not_found', notYours);
  if (order.status !== 'confirmed') {
    throw new AppError('conflict', 'This T-shirt order was cancelled, so its size cannot be changed.');
  }
  if (paymentState !== 'fulfilled') {
    throw new AppError('conflict', 'This T-shirt order is not paid, so its size cannot be changed.');
  }
  return order;
}

/** The order's line with its size and product (and the product's rules). */
async function orderLine(tx: Tx, orderId: string, lineId: number) {
  const [line] = await tx
    .select({
      variantId: merchandiseOrderLines.variantId,
      qty: merchandiseOrderLines.qty,
      size: merchandiseVariants.type,
      productId: merchandiseProducts.id,
      productName: merchandiseProducts.name,
      changesFreezeAt: merchandiseProducts.changesFreezeAt,
      refundPolicy: merchandiseProducts.refundPolicy,
      refundPercent: merchandiseProducts.refundPercent,
      refundUntil: merchandiseProducts.refundUntil,
    })
    .from(merchandiseOrderLines)
    .innerJoin(merchandiseVariants, eq(merchandiseVariants.id, merchandiseOrderLines.variantId))
    .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
    .where(and(eq(merchandiseOrderLines.id, lineId), eq(merchandiseOrderLines.orderId, orderId)));
  if (!line) throw new AppError('not_found', 'This T-shirt is not in that order.');
  return line;
}

/** The product's size by its label ("l" finds "L"); refused when the product has no such size. */
async function wantedSize(tx: Tx, productId: number, size: string) {
  const [variant] = await tx
    .select({
      id: merchandiseVariants.id,
      size: merchandiseVariants.type,
      enabled: merchandiseVariants.isEnabled,
    })
    .from(merchandiseVariants)
    .where(
      and(
        eq(merchandiseVariants.productId, productId),
        sql`upper(${merchandiseVariants.type}) = upper(${size})`,
      ),
    );
  if (!variant) throw new AppError('invalid_input', `This T-shirt does not come in size ${size}.`);
  return variant;
}

/** Refuses the new size unless `qty` units of it are left, counted under its lock. */
function assertRoomFor(left: number | null, qty: number, size: string): void {
  if (left === null || left >= qty) return;
  throw new AppError(
    'conflict',
    left <= 0
      ? `Size ${size} is sold out.`
      : `Only ${left} left of size ${size}, and this order has ${qty} of this T-shirt.`,
    { reason: 'sold_out' },
  );
}

export async function changeSize(
  db: Db,
  user: { id: string; email: string },
  input: SizeChangeInput,
): Promise<SizeChangeOutcome> {
  const mail = new PendingMail();
  const outcome = await db.transaction(async (tx): Promise<SizeChangeOutcome> => {
    const at = now();
    const paymentState = await lockPaymentOrderFirst(tx, input.orderId);
    const order = await heldOrder(tx, user.id, input.orderId, paymentState);
    const line = await orderLine(tx, input.orderId, input.lineId);
    const target = await wantedSize(tx, line.productId, input.size);
    const answer = {
      orderId: input.orderId,
      lineId: input.lineId,
      productName: line.productName,
      fromSize: line.size,
      size: target.size,
    };
    if (target.id === line.variantId) return { ...answer, alreadyThatSize: true };

    assertBeforeFreeze(shopFreezeAt(line), at, `your ${line.productName} order`);
    if (!target.enabled) throw new AppError('conflict', `Size ${target.size} is not on sale.`);

    // Both sizes locked in id order, the new one's units counted under its lock by the inventory's rule.
    let left: number | null = null;
    for (const id of [line.variantId, target.id].sort((a, b) => a - b)) {
      const counted = await lockedUnitsLeft(tx, 'merchandise_variant', id);
      if (id === target.id) left = counted;
    }
    assertRoomFor(left, line.qty, target.size);

    await tx
      .update(merchandiseOrderLines)
      .set({ variantId: target.id })
      .where(eq(merchandiseOrderLines.id, input.lineId));
    // The old size's unit is free for its waiting list once this commits; the new one's is taken.
    inventoryChanged(tx, 'merchandise_variant', line.variantId, 'freed');
    inventoryChanged(tx, 'merchandise_variant', target.id, 'taken');

    const summary = `${line.productName}: ${line.size} → ${target.size}`;
    await tx.insert(participantChanges).values({
      userId: user.id,
      action: 'size',
      entity: 'merchandise_order',
      entityId: input.orderId,
      paymentOrderId: order.paymentOrderId,
      summary,
    });
    await recordAudit(tx, user, {
      action: 'size',
      entity: 'merchandise_order',
      entityId: input.orderId,
      before: { lineId: input.lineId, variantId: line.variantId, size: line.size, qty: line.qty },
      after: { lineId: input.lineId, variantId: target.id, size: target.size, by: 'participant' },
    });
    const me = await mailRecipient(tx, user.id);
    if (me) {
      await mail.add(
        tx,
        sizeChangedMail(me, {
          productName: line.productName,
          fromSize: line.size,
          toSize: target.size,
          qty: line.qty,
        }),
      );
    }
    return { ...answer, alreadyThatSize: false };
  });
  await mail.send(db);
  return outcome;
}
