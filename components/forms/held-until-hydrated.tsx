'use client';

import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Controls rendered in the page's HTML for its visitor but worked by the script (a radio that saves, a
 * switch, a button that opens a form) are held until the script runs: a tap before hydration would be
 * lost, or undone by hydration and never saved, on a phone whose script arrives late. A disabled fieldset
 * holds every control inside it at once (links and a <details> still work without script); it takes no
 * box of its own, so the layout around it is unchanged.
 */
export function HeldUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
