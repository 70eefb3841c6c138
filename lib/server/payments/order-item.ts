import { z } from 'zod';
import type { PaymentOrder, PaymentPurpose } from './types';

/*
 * What a payment order pays for, kept in its `item` column (jsonb): enough to deliver the purchase without
 * the browser (the webhook and reconciliation settle it too). One shape per purpose, written through these
 * types by createPaymentOrder and read back through orderItem, parsed, never cast.
 */

const rowId = z.number().int().positive();

const eventOrderItemSchema = z.object({
  eventId: rowId,
  participationId: rowId,
  /** Leader first. */
  memberUserIds: z.array(z.guid()).min(1),
  emails: z.array(z.string()).min(1),
  teamName: z.string().nullable(),
  isDaStudent: z.boolean(),
});

const merchandiseOrderItemSchema = z.object({
  lines: z.array(
    z.object({
      variantId: rowId,
      size: z.string(),
      qty: z.number().int().positive(),
      unitPricePaise: z.number().int().nonnegative(),
    }),
  ),
  productName: z.string(),
});

const accommodationOrderItemSchema = z.object({
  optionId: rowId,
  typeName: z.string(),
  startDate: z.iso.date(),
  days: z.number().int().positive(),
  /** The identity proof; null until the buyer's confirmation brings it (the booking waits for it). */
  identityUploadId: z.guid().nullable(),
});

const orderItemSchemas = {
  event: eventOrderItemSchema,
  merchandise: merchandiseOrderItemSchema,
  accommodation: accommodationOrderItemSchema,
} satisfies Record<PaymentPurpose, z.ZodType>;

/** The item of an order of this purpose. */
export type OrderItem<P extends PaymentPurpose> = z.infer<(typeof orderItemSchemas)[P]>;
export type EventOrderItem = OrderItem<'event'>;
export type MerchandiseOrderItem = OrderItem<'merchandise'>;
export type AccommodationOrderItem = OrderItem<'accommodation'>;

/** A purpose with its item, as an order is written: the item must be that purpose's. */
export type Purchase = { [P in PaymentPurpose]: { purpose: P; item: OrderItem<P> } }[PaymentPurpose];

/**
 * An order's item, parsed as its purpose's shape. Every reader knows the purpose it deals with, so it
 * names it: an order of another purpose, or an item that does not parse, is a bug (the code that wrote it
 * and the code reading it disagree), thrown as a plain Error naming the order and what is wrong.
 */
export function orderItem<P extends PaymentPurpose>(
  order: Pick<PaymentOrder, 'id' | 'purpose' | 'item'>,
  purpose: P,
): OrderItem<P> {
  if (order.purpose !== purpose) {
    throw new Error(`payment order ${order.id} is for ${order.purpose}, not ${purpose}`);
  }
  return parseOrderItem(purpose, order.item, `payment order ${order.id}`);
}

/** An item about to be written, checked as it will be read (orderItem), so a bad one is never stored. */
export function writtenOrderItem(purchase: Purchase): Purchase['item'] {
  return parseOrderItem(purchase.purpose, purchase.item, `a new ${purchase.purpose} order`);
}

function parseOrderItem<P extends PaymentPurpose>(purpose: P, item: unknown, whose: string): OrderItem<P> {
  const parsed = orderItemSchemas[purpose].safeParse(item);
  if (!parsed.success) {
    throw new Error(`${whose} has a malformed ${purpose} item: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as OrderItem<P>;
}
