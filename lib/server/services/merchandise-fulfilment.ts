import 'server-only';
import crypto from 'node:crypto';
import { pipelined } from '@/lib/server/db/client';
import { merchandiseOrderLines, merchandiseOrders } from '@/lib/server/db/schema';
import { refundNoticeMail } from '@/lib/server/mail/registration-mails';
import { merchandiseOrderMail } from '@/lib/server/mail/shop-mails';
import { orderItem } from '@/lib/server/payments/order-item';
import type { Fulfiller } from '@/lib/server/payments/types';
import { convertHolds } from '@/lib/server/inventory';
import { mailRecipient } from './recipients';

/**
 * A T-shirt order: its holds become sales. It cannot be delivered only when a size sold out while the
 * payment was on its way (convertHolds answers that).
 */
export const merchandiseFulfiller: Fulfiller = {
  async fulfil(tx, order) {
    const item = orderItem(order, 'merchandise');
    // The conversion, the order and its lines in one round trip (the id is made here for the lines).
    const merchandiseOrderId = crypto.randomUUID();
    await pipelined(
      () => convertHolds(tx, order.id, new Map(item.lines.map((l) => [l.variantId, `Size ${l.size}`]))),
      () =>
        tx.insert(merchandiseOrders).values({
          id: merchandiseOrderId,
          userId: order.userId,
          paymentOrderId: order.id,
          totalPaise: order.amountPaise,
        }),
      () =>
        tx.insert(merchandiseOrderLines).values(
          item.lines.map((l) => ({
            orderId: merchandiseOrderId,
            variantId: l.variantId,
            qty: l.qty,
            unitPricePaise: l.unitPricePaise,
            lineTotalPaise: l.qty * l.unitPricePaise,
          })),
        ),
    );
  },
  async notify(tx, order, mail) {
    const item = orderItem(order, 'merchandise');
    const to = await mailRecipient(tx, order.userId);
    if (!to) return;
    await mail.add(
      tx,
      merchandiseOrderMail(to, {
        productName: item.productName,
        lines: item.lines.map((l) => ({ size: l.size, qty: l.qty, totalPaise: l.qty * l.unitPricePaise })),
        totalPaise: order.amountPaise,
      }),
    );
  },
  async notifyRefund(tx, order, reason, mail) {
    const to = await mailRecipient(tx, order.userId);
    if (to)
      await mail.add(
        tx,
        refundNoticeMail(to, { what: 'your merchandise order', amountPaise: order.amountPaise, reason }),
      );
  },
};
