import 'server-only';
import { stayEndDate } from '@/lib/schemas/shop';
import { pipelined } from '@/lib/server/db/client';
import { accommodationBookings } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { refundNoticeMail } from '@/lib/server/mail/registration-mails';
import { accommodationBookingMail } from '@/lib/server/mail/shop-mails';
import { ensurePasses, passMailPart } from '@/lib/server/passes/passes';
import { orderItem } from '@/lib/server/payments/order-item';
import type { Fulfiller } from '@/lib/server/payments/types';
import { convertHolds } from './stock';
import { mailRecipient } from './recipients';

export const accommodationFulfiller: Fulfiller = {
  async fulfil(tx, order) {
    const item = orderItem(order, 'accommodation');
    if (!item.identityUploadId) {
      // Paid, but the proof never reached us (the browser left before confirming): book once it arrives.
      throw new AppError('payment_required', 'The identity proof has not been confirmed yet.');
    }
    const identityUploadId = item.identityUploadId;
    // The conversion and the booking in one round trip.
    await pipelined(
      () => convertHolds(tx, order.id, new Map([[item.optionId, `${item.typeName} from ${item.startDate}`]])),
      () =>
        tx.insert(accommodationBookings).values({
          userId: order.userId,
          optionId: item.optionId,
          identityUploadId,
          paymentOrderId: order.id,
          amountPaise: order.amountPaise,
        }),
    );
    await ensurePasses(tx, [order.userId]);
  },
  async notify(tx, order, mail) {
    const item = orderItem(order, 'accommodation');
    const to = await mailRecipient(tx, order.userId);
    if (!to) return;
    await mail.add(
      tx,
      accommodationBookingMail(
        to,
        {
          type: item.typeName,
          startDate: item.startDate,
          endDate: stayEndDate(item.startDate, item.days),
          nights: item.days,
          amountPaise: order.amountPaise,
        },
        await passMailPart(tx, order.userId),
      ),
    );
  },
  async notifyRefund(tx, order, reason, mail) {
    const to = await mailRecipient(tx, order.userId);
    if (to)
      await mail.add(
        tx,
        refundNoticeMail(to, { what: 'your accommodation', amountPaise: order.amountPaise, reason }),
      );
  },
};
