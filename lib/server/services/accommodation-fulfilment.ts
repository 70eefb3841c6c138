import 'server-only';
import { stayEndDate } from '@/lib/schemas/shop-rules';
import { isUniqueViolation, pipelined } from '@/lib/server/db/client';
import { accommodationBookings } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { refundNoticeMail } from '@/lib/server/mail/registration-mails';
import { accommodationBookingMail } from '@/lib/server/mail/shop-mails';
import { ensurePasses, passMailPart } from '@/lib/server/passes/passes';
import { CannotDeliver } from '@/lib/server/payments/cannot-deliver';
import { orderItem } from '@/lib/server/payments/order-item';
import type { Fulfiller } from '@/lib/server/payments/types';
import { convertHolds } from '@/lib/server/inventory';
import { mailRecipient } from './recipients';

/**
 * A stay: its hold becomes a booking. It cannot be delivered when the stay filled up while the payment was
 * on its way (convertHolds answers that), or when the buyer has a live booking already (one per person, a
 * unique index: two orders paid side by side).
 */
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
        tx
          .insert(accommodationBookings)
          .values({
            userId: order.userId,
            optionId: item.optionId,
            identityUploadId,
            paymentOrderId: order.id,
            amountPaise: order.amountPaise,
          })
          .then(undefined, (error: unknown) => {
            // The order's own booking cannot exist yet (its row is locked and unsettled): the buyer's can.
            if (isUniqueViolation(error)) throw new CannotDeliver('Someone in this purchase already has it.');
            throw error;
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
