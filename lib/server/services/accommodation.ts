import 'server-only';
import { toPaise } from '@/lib/money';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { confirmAccommodationSchema, createAccommodationOrderSchema } from '@/lib/schemas/shop';
import { stayPrice, type AccommodationType } from '@/lib/schemas/shop-rules';
import type { AuthUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db';
import { pipelined } from '@/lib/server/db/client';
import {
  accommodationBookings,
  accommodationOptions,
  accommodationTypes,
  paymentOrders,
} from '@/lib/server/db/schema';
import { formatShortDate } from '@/lib/format';
import { AppError } from '@/lib/server/http/app-error';
import {
  assertAmountMatches,
  createPaymentOrder,
  orderForCheckout,
  type CheckoutOrder,
} from '@/lib/server/payments/orders';
import { orderItem, type AccommodationOrderItem } from '@/lib/server/payments/order-item';
import { refundedMessage, settleOrder } from '@/lib/server/payments/settle';
import { ownedUpload, uploadIdFromUrl } from '@/lib/server/uploads/uploads';
import {
  assertUnitsLeft,
  holdStock,
  offeredItem,
  replaceAccountHolds,
  takeOverOffer,
  unitsLeft,
  unitsLeftColumn,
} from '@/lib/server/inventory';

/**
 * Visible types with their nightly price and visible date options, both in the organisers' order; an option
 * is available while places are left after holds.
 */
export async function listAccommodation(db: Db): Promise<AccommodationType[]> {
  const types = await db
    .select()
    .from(accommodationTypes)
    .where(eq(accommodationTypes.isVisible, true))
    .orderBy(asc(accommodationTypes.position), asc(accommodationTypes.id));
  const options = await db
    .select()
    .from(accommodationOptions)
    .where(eq(accommodationOptions.isVisible, true))
    .orderBy(asc(accommodationOptions.position), asc(accommodationOptions.id));
  const left = await unitsLeft(
    db,
    'accommodation_option',
    options.map((o) => o.id),
  );
  return types.map((t) => ({
    id: t.id,
    accommodationType: t.accommodationType,
    accomodationPrice: t.pricePerNight,
    description: t.description,
    accommodations: options
      .filter((o) => o.typeId === t.id)
      .map((o) => ({
        id: o.id,
        StartDate: o.startDate,
        Days: o.days,
        isAvailable: (left.get(o.id) ?? 0) > 0,
      })),
  }));
}

async function hasBooking(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accommodationBookings.id })
    .from(accommodationBookings)
    .where(and(eq(accommodationBookings.userId, userId), eq(accommodationBookings.status, 'confirmed')));
  return row !== undefined;
}

async function optionWithType(db: Db, optionId: number, forUserId: string) {
  const [row] = await db
    .select({
      id: accommodationOptions.id,
      startDate: accommodationOptions.startDate,
      days: accommodationOptions.days,
      typeName: accommodationTypes.accommodationType,
      pricePerNight: accommodationTypes.pricePerNight,
      visible: accommodationTypes.isVisible,
      optionVisible: accommodationOptions.isVisible,
      unitsLeft: unitsLeftColumn.accommodation_option(forUserId),
    })
    .from(accommodationOptions)
    .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
    .where(eq(accommodationOptions.id, optionId));
  if (!row) throw new AppError('not_found', 'This accommodation option does not exist.');
  return row;
}

/** The caller's own uploaded identity proof behind a URL this app gave out. */
async function proofOf(db: Db, userId: string, url: string): Promise<{ id: string }> {
  const uploadId = uploadIdFromUrl(url);
  const proof = uploadId ? await ownedUpload(db, userId, uploadId) : null;
  if (!proof)
    throw new AppError(
      'invalid_input',
      'Please upload your identity proof again: this file is not yours or does not exist.',
    );
  return proof;
}

/** A settled read's value, or its refusal thrown. */
function valueOf<T>(settled: PromiseSettledResult<T>): T {
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

const alreadyBooked =
  'You have already paid for accomodation the confirmation has been sent to your registered email address.';

export async function createAccommodationOrder(
  db: Db,
  caller: AuthUser,
  input: z.infer<typeof createAccommodationOrderSchema>,
): Promise<CheckoutOrder> {
  // Three independent reads sent together (one round trip, not three); their refusals keep this order.
  const [booked, found, proofFound] = await Promise.allSettled([
    hasBooking(db, caller.id),
    optionWithType(db, input.accommodationId, caller.id),
    input.identityProofUrl ? proofOf(db, caller.id, input.identityProofUrl) : null,
  ]);
  if (valueOf(booked)) throw new AppError('conflict', alreadyBooked);
  const option = valueOf(found);
  // A type or date option the organisers have hidden is off sale, even for a screen loaded before it was hidden.
  if (!option.visible) throw new AppError('conflict', `${option.typeName} is not available any more.`);
  if (!option.optionVisible) {
    throw new AppError(
      'conflict',
      `${option.typeName} from ${formatShortDate(option.startDate)} is not available any more. Please choose other dates.`,
    );
  }
  if (option.pricePerNight === null) throw new AppError('invalid_input', 'Something Went Wrong');
  const proof = valueOf(proofFound);
  const amountPaise = toPaise(stayPrice(option.pricePerNight, option.days));
  assertAmountMatches(input.amount, amountPaise);
  const label = `${option.typeName} from ${option.startDate}`;
  // A waiting list's offer holds a place of this stay for the caller: this order takes it over.
  const offer = input.offerId
    ? { id: input.offerId, itemId: await offeredItem(db, input.offerId, caller.id, 'accommodation_option') }
    : undefined;
  if (offer && offer.itemId !== option.id) {
    throw new AppError('invalid_input', 'Your offer is for another stay: please choose the dates it names.');
  }
  // Seen full: refused here, without opening an order or queueing on the option's lock.
  if (!offer) assertUnitsLeft(option.unitsLeft ?? 0, 1, label, 'accommodation_option');
  const item: AccommodationOrderItem = {
    optionId: option.id,
    typeName: option.typeName,
    startDate: option.startDate,
    days: option.days,
    identityUploadId: proof?.id ?? null,
  };
  return createPaymentOrder(db, {
    purpose: 'accommodation',
    userId: caller.id,
    amountPaise,
    item,
    hold: async (tx, orderId) => {
      // One place per account at a time: a new order replaces the account's earlier unpaid one.
      // The stay it replaces goes to its waiting list after the commit (the inventory's signal).
      const replacing = () =>
        replaceAccountHolds(tx, {
          userId: caller.id,
          kind: 'accommodation_option',
          orderId,
          spareOfferId: offer?.id,
        });
      if (offer) {
        await replacing();
        await takeOverOffer(tx, {
          offerId: offer.id,
          userId: caller.id,
          kind: 'accommodation_option',
          itemId: option.id,
          orderId,
        });
        return;
      }
      // The earlier hold released and this one written in one round trip.
      await pipelined(replacing, () =>
        holdStock(tx, { orderId, kind: 'accommodation_option', itemId: option.id, quantity: 1, label }),
      );
    },
  });
}

export const accommodationSuccessMessage =
  'Your accommodation is booked. The confirmation has been sent to your mail.';

export async function confirmAccommodation(
  db: Db,
  caller: AuthUser,
  input: z.infer<typeof confirmAccommodationSchema>,
): Promise<void> {
  if (input.userId !== caller.id) throw new AppError('forbidden', 'You can only book for your own account.');
  const proof = await proofOf(db, caller.id, input.identityProofUrl);
  const order = await orderForCheckout(db, caller.id, input.payData, 'accommodation');
  const item = orderItem(order, 'accommodation');
  if (item.optionId !== input.accommodationId)
    throw new AppError('invalid_input', 'This payment was made for a different stay.');
  // The proof travels with the order, so the webhook path books with it too.
  if (item.identityUploadId !== proof.id) {
    const withProof: AccommodationOrderItem = { ...item, identityUploadId: proof.id };
    await db.update(paymentOrders).set({ item: withProof }).where(eq(paymentOrders.id, order.id));
  }
  const settlement = await settleOrder(db, order.id, input.payData.razorpay_payment_id, order);
  if (settlement.outcome === 'refunded') {
    throw new AppError('conflict', refundedMessage(settlement.reason));
  }
}
