'use client';

import { useClientValue } from './use-client-value';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia(query).matches;

/**
 * Whether the visitor asked for reduced motion. The server render and hydration assume "reduce" (no motion),
 * so nothing animates before the browser has answered.
 */
export function usePrefersReducedMotion(): boolean {
  return useClientValue(prefersReducedMotion, true, subscribe);
}
