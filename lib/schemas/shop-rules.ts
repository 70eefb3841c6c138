import { roundRupees } from '@/lib/money';

/**
 * The shop's answers (merchandise and stays, SPEC.md parts 3 and 7) and the cart rules of SPEC.md part 4:
 * the part of the shop that needs no zod, so the merchandise and accommodation screens import it without
 * loading zod with the page. The payloads' schemas are in ./shop.ts.
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

// The cart rules (SPEC.md part 4).

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
