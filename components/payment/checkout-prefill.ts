import { api } from '@/lib/api-client';
import type { Profile } from '@/lib/schemas/auth';
import type { CheckoutPrefill } from './razorpay-checkout';

/** Checkout's prefill (SPEC.md part 7: name, e-mail and phone) from a profile already in hand. */
export function prefillFromProfile(profile: Profile): CheckoutPrefill {
  return {
    name: `${profile.first_name} ${profile.last_name}`.trim(),
    email: profile.email,
    contact: profile.phone_number,
  };
}

/** Checkout's prefill from the profile; just the e-mail when the profile cannot be read. */
export async function checkoutPrefill(userId: string, email: string): Promise<CheckoutPrefill> {
  try {
    const { data } = await api.get<Profile>(`/api/my-profile/${encodeURIComponent(userId)}`);
    return prefillFromProfile(data);
  } catch {
    return { email };
  }
}
