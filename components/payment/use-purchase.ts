'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { runPurchase } from './purchase-flow';
import type { PurchasePlan } from './purchase-plan';

/**
 * Runs purchase plans (see `runPurchase`) on a screen. `inProgress` drives the full-page loader from the
 * click until the page changes, or until the visitor is back on the screen with nothing paid.
 */
export function usePurchase() {
  const router = useRouter();
  const { toast } = useToast();
  const [inProgress, setInProgress] = useState(false);

  const purchase = useCallback(
    (plan: PurchasePlan) =>
      runPurchase(plan, { toast, navigate: (path) => router.push(path), setInProgress }),
    [router, toast],
  );

  return { purchase, inProgress };
}
