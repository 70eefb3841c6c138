import { changeQty, type CartLine, type MerchandiseProduct } from '@/lib/schemas/shop-rules';

/** The server's limit per size in one order (lib/schemas/shop.ts cartSchema). */
export const maxQtyPerSize = 10;

/**
 * The cart against a freshly loaded product (after the server refused an order because a size ran out or
 * the price changed): sizes no longer available leave the cart, the others are priced anew.
 */
export function reconcileCart(cart: readonly CartLine[], product: MerchandiseProduct): CartLine[] {
  return cart.flatMap((line) => {
    const variant = product.variants.find((v) => v.id === line.variant.id);
    if (!variant?.isAvailable) return [];
    return changeQty([{ ...line, variant }], variant.id, line.qty, product.price);
  });
}

/**
 * The product as the holder of a waiting list's offer sees it: the offered size (sold out to everyone
 * else, its unit held for them) can go in their cart, one unit of it.
 */
export function withOfferedSize(product: MerchandiseProduct, offeredId: number | null): MerchandiseProduct {
  if (offeredId === null) return product;
  return {
    ...product,
    variants: product.variants.map((v) => (v.id === offeredId ? { ...v, isAvailable: true } : v)),
  };
}
