'use client';

import { useSignedInUser } from '@/components/auth/use-signed-in-user';

export interface Buyer {
  userId: string;
  email: string;
}

/**
 * The signed-in buyer of a shop screen, or null while nobody is known yet. Without one nobody can buy
 * (SPEC.md part 6): `missingMessage` is shown and the screen signs out and goes home (useSignedInUser).
 */
export function useBuyer(missingMessage: string): Buyer | null {
  return useSignedInUser(missingMessage);
}
