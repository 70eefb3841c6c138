'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { useAuth } from './auth-provider';
import type { SignedInUser } from './auth-state';

/**
 * The user of a screen behind the guard: known from the stored token as soon as the page has hydrated,
 * while the server still checks it (see pendingState). Without a user id nobody can go on (SPEC.md part 6):
 * once the check has ended without one, the screen signs out and goes home, once, after showing
 * `missingMessage` as an error toast when one is given.
 */
export function useSignedInUser(missingMessage?: string): SignedInUser | null {
  const { user, isInitialized, logout } = useAuth();
  const { toast } = useToast();
  const router = useRouter();
  const userId = user?.userId;
  const signedOut = useRef(false);

  useEffect(() => {
    if (!isInitialized || userId || signedOut.current) return;
    signedOut.current = true;
    if (missingMessage) toast({ title: missingMessage, variant: 'error' });
    void logout();
    router.push('/');
  }, [isInitialized, userId, missingMessage, toast, logout, router]);

  return userId ? user : null;
}
