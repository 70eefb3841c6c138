'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { useToast } from '@/components/toast/toast-provider';

export interface Buyer {
  userId: string;
  email: string;
}

/**
 * The signed-in buyer of a shop screen. Without a user id nobody can buy (SPEC.md part 6): the screen
 * shows `missingMessage` as an error toast, signs out and goes home, once.
 */
export function useBuyer(missingMessage: string): Buyer | null {
  const { user, logout } = useAuth();
  const { toast } = useToast();
  const router = useRouter();
  const userId = user?.userId;
  const email = user?.email ?? '';
  const signedOut = useRef(false);

  useEffect(() => {
    if (userId || signedOut.current) return;
    signedOut.current = true;
    toast({ title: missingMessage, variant: 'error' });
    void logout();
    router.push('/');
  }, [userId, missingMessage, toast, logout, router]);

  return userId ? { userId, email } : null;
}
