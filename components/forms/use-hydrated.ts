'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False during the server render and hydration, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
