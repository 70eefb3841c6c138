import type { CheckoutSuccess, CreatedOrder } from '@/components/payment/razorpay-checkout';
import { api } from '@/lib/api-client';
import { cartTotal, type CartLine, type MerchandiseProduct } from '@/lib/schemas/shop';

/** The merchandise calls of SPEC.md part 7, typed for the screen. */

export function fetchMerchandise(signal?: AbortSignal) {
  return api.get<MerchandiseProduct[]>('/api/merchandise/get-merchandise', { signal });
}

/** The order for the cart's total in rupees; the server prices the cart itself and refuses a mismatch. */
export function createMerchandiseOrder(cart: readonly CartLine[]) {
  return api.post<CreatedOrder>('/api/payment/create-merchandise-order', {
    amount: cartTotal([...cart]),
    cart: cart.map((line) => ({ variantId: line.variant.id, qty: line.qty })),
  });
}

export function orderMerchandise(userId: string, cart: readonly CartLine[], payData: CheckoutSuccess) {
  return api.post<unknown>('/api/merchandise/order-merchandise', {
    userId,
    cart: cart.map((line) => ({ variantId: line.variant.id, qty: line.qty, totalPrice: line.totalPrice })),
    payData,
  });
}
