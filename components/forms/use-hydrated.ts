'use client';

import { useClientValue } from '@/components/ui/use-client-value';

const inBrowser = () => true;

/** False during the server render and hydration, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useClientValue(inBrowser, false);
}
