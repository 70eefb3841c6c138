import type { CheckoutSuccess, CreatedOrder } from '@/components/payment/razorpay-checkout';
import { api } from '@/lib/api-client';
import { cartTotal, type CartLine, type MerchandiseProduct } from '@/lib/schemas/shop-rules';

/** The merchandise calls of SPEC.md part 7, typed for the screen. */

export function fetchMerchandise() {
  return api.get<MerchandiseProduct[]>('/api/merchandise/get-merchandise');
}

/**
 * The order for the cart's total in rupees; the server prices the cart itself and refuses a mismatch.
 * `offerId`: a waiting list's offer for a size in the cart, whose held unit the order takes over.
 */
export function createMerchandiseOrder(cart: readonly CartLine[], offerId?: string) {
  return api.post<CreatedOrder>('/api/payment/create-merchandise-order', {
    amount: cartTotal([...cart]),
    cart: cart.map((line) => ({ variantId: line.variant.id, qty: line.qty })),
    ...(offerId ? { offerId } : {}),
  });
}

export function orderMerchandise(userId: string, cart: readonly CartLine[], payData: CheckoutSuccess) {
  return api.post<unknown>('/api/merchandise/order-merchandise', {
    userId,
    cart: cart.map((line) => ({ variantId: line.variant.id, qty: line.qty, totalPrice: line.totalPrice })),
    payData,
  });
}
