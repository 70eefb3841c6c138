import { z } from 'zod';
import { roundRupees } from '@/lib/money';
import { maxId } from './admin-common';
import { payDataSchema } from './payment';
import { singleLine } from './plain-text';

/**
 * Merchandise and accommodation payloads and answers (SPEC.md parts 3 and 7), shared by the screens and
 * the route handlers, plus the cart rules of SPEC.md part 4.
 */

export interface MerchandiseVariant {
  id: number;
  /** Size label. */
  type: string;
  isAvailable: boolean;
  /**
   * Whether the organisers sell this size (it is switched on). On sale but not available means sold out:
   * a signed-in buyer may then join its waiting list (docs/waiting-lists.md); a size switched off may not.
   */
  isOnSale: boolean;
}

export interface MerchandiseProduct {
  id: number;
  name: string;
  description: string;
  /** Rupees, shown with 2 decimals. */
  price: number;
  oldPrice: number | null;
  image1url: string;
  image2url: string | null;
  variants: MerchandiseVariant[];
}

export interface AccommodationOption {
  id: number;
  /** ISO date of the first night. */
  StartDate: string;
  Days: number;
  isAvailable: boolean;
}

export interface AccommodationType {
  id: number;
  accommodationType: string;
  /** Rupees per night; null when not priced yet. */
  accomodationPrice: number | null;
  description: string;
  accommodations: AccommodationOption[];
}

const cartLine = z.object({
  variantId: z.coerce.number().int().positive().max(maxId),
  qty: z.coerce.number().int().min(1, 'Minimum quantity is 1.').max(10, 'At most 10 of one size per order.'),
});

export const cartSchema = z
  .array(cartLine, 'Your cart is empty.')
  .min(1, 'Your cart is empty.')
  .max(10, 'Too many lines in one cart.')
  .refine(
    (lines) => new Set(lines.map((l) => l.variantId)).size === lines.length,
    'Each size may appear once in the cart.',
  );

/** A waiting list's offer (docs/waiting-lists.md): the order takes over the unit it holds. */
const offerIdSchema = z.uuid('The offer link is not valid.');

export const createMerchandiseOrderSchema = z.object({
  amount: z.number('Amount must be a number.').positive(),
  cart: cartSchema,
  offerId: offerIdSchema.optional(),
});

export const orderMerchandiseSchema = z.object({
  userId: z.string().uuid('userId must be your account id.'),
  cart: z
    .array(
      z
        .object({
          variantId: z.coerce.number().int().positive().max(maxId),
          qty: z.coerce.number().int().min(1),
        })
        .passthrough(),
      'Your cart is empty.',
    )
    .max(10, 'Too many lines in one cart.'),
  payData: payDataSchema,
});

export const createAccommodationOrderSchema = z.object({
  amount: z.number('Amount must be a number.').positive(),
  offerId: offerIdSchema.optional(),
  accommodationId: z.coerce.number().int().positive().max(maxId),
  /** Sent by this site's screen so a payment can be booked even if the browser never confirms. */
  identityProofUrl: z
    .string('Please upload an identity proof.')
    .min(1, 'Please upload an identity proof.')
    .max(300, 'The identity proof link is too long.')
    .check(singleLine('The identity proof link'))
    .optional(),
});

export const confirmAccommodationSchema = z.object({
  userId: z.string().uuid('userId must be your account id.'),
  accommodationId: z.coerce.number().int().positive().max(maxId),
  identityProofUrl: z
    .string('Please upload an identity proof.')
    .min(1, 'Please upload an identity proof.')
    .max(300, 'The identity proof link is too long.')
    .check(singleLine('The identity proof link')),
  payData: payDataSchema,
});

// ---------- cart rules (SPEC.md part 4) ----------

export interface CartLine {
  variant: MerchandiseVariant;
  qty: number;
  /** qty times the product's price, rupees. */
  totalPrice: number;
}

/** Selecting a size: add a line with qty 1, or add one to its line. Unavailable sizes are ignored. */
export function addToCart(cart: CartLine[], variant: MerchandiseVariant, unitPrice: number): CartLine[] {
  if (!variant.isAvailable) return cart;
  const existing = cart.find((l) => l.variant.id === variant.id);
  if (!existing) return [...cart, { variant, qty: 1, totalPrice: unitPrice }];
  return changeQty(cart, variant.id, existing.qty + 1, unitPrice);
}

/** Sets a line's quantity, never below 1. */
export function changeQty(cart: CartLine[], variantId: number, qty: number, unitPrice: number): CartLine[] {
  const next = Math.max(1, qty);
  return cart.map((l) =>
    l.variant.id === variantId ? { ...l, qty: next, totalPrice: roundRupees(next * unitPrice) } : l,
  );
}

export function removeFromCart(cart: CartLine[], variantId: number): CartLine[] {
  return cart.filter((l) => l.variant.id !== variantId);
}

/** The payment amount: the sum of the line totals, rupees. */
export function cartTotal(cart: CartLine[]): number {
  return roundRupees(cart.reduce((sum, l) => sum + l.totalPrice, 0));
}

/** A stay's price: the nightly price times the option's nights. */
export function stayPrice(pricePerNight: number, days: number): number {
  return pricePerNight * days;
}

/** The day after the last night: start + Days (ISO dates). */
export function stayEndDate(startDate: string, days: number): string {
  const end = new Date(`${startDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + days);
  return end.toISOString().slice(0, 10);
}
