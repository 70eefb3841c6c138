'use client';

import { startTransition, useEffect, useState } from 'react';

/** Set once the first component using this hook has mounted: the page has hydrated. */
let hydrated = false;

/**
 * A value only the browser knows (a media query, "has JavaScript taken over"), with what the server
 * rendered as the value during hydration.
 *
 * Why not useSyncExternalStore: when its browser value differs from the server's, React re-renders at
 * the synchronous priority right after hydrating, which makes it finish hydrating everything still
 * pending in one long, uninterruptible task. Here the browser value arrives as a transition instead,
 * which React renders in small slices. Components mounted later (client navigation) read the browser
 * value at once.
 */
export function useClientValue<T>(
  read: () => T,
  serverValue: T,
  subscribe: (onChange: () => void) => () => void = noSubscription,
): T {
  const [value, setValue] = useState(() => (hydrated ? read() : serverValue));
  useEffect(() => {
    hydrated = true;
    const update = () => startTransition(() => setValue(read()));
    update();
    return subscribe(update);
  }, [read, subscribe]);
  return value;
}

function noSubscription(): () => void {
  return () => {};
}
