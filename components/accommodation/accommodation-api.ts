import type { CheckoutSuccess, CreatedOrder } from '@/components/payment/razorpay-checkout';
import { api } from '@/lib/api-client';
import type { Profile } from '@/lib/schemas/auth';
import type { AccommodationType } from '@/lib/schemas/shop-rules';

/** The accommodation calls of SPEC.md part 7, typed for the screen. */

export interface StayRequest {
  accommodationId: number;
  identityProofUrl: string;
}

export function fetchAccommodation(signal?: AbortSignal) {
  return api.get<AccommodationType[]>('/api/accommodation/get-all-accommodation', { signal });
}

export function fetchProfile(userId: string, signal?: AbortSignal) {
  return api.get<Profile>(`/api/my-profile/${encodeURIComponent(userId)}`, { signal });
}

/** Stores an identity proof (image or PDF); answers the private URL the booking refers to. */
export function uploadIdentityProof(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<{ url: string }>('/api/admin/upload', form);
}

/**
 * The order for the stay's price in rupees; the server prices the stay itself and refuses a mismatch.
 * `offerId`: a waiting list's offer for this stay, whose held place the order takes over.
 */
export function createAccommodationOrder(amount: number, stay: StayRequest, offerId?: string) {
  return api.post<CreatedOrder>('/api/payment/create-accomodation-order', {
    amount,
    ...stay,
    ...(offerId ? { offerId } : {}),
  });
}

export function confirmAccommodation(userId: string, stay: StayRequest, payData: CheckoutSuccess) {
  return api.post<unknown>('/api/accommodation/confirm-user-accommodation', { userId, ...stay, payData });
}
