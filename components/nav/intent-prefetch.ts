'use client';

import { useRouter } from 'next/navigation';

/**
 * Props for a Link that fetches its page when the visitor shows they may follow it (the pointer over it, a
 * finger down on it, keyboard focus), not merely because it is on screen. For links shown on every page,
 * such as the header's logo: prefetched on sight, the home page's payload and script (about 22 KB) were
 * part of every first visit to every other page, on the same slow connection as the page itself.
 */
export function useIntentPrefetch(href: string) {
  const router = useRouter();
  const warm = () => router.prefetch(href);
  return { prefetch: false, onMouseEnter: warm, onTouchStart: warm, onFocus: warm } as const;
}
