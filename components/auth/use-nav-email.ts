'use client';

import { useEffect, useRef, useState } from 'react';
import { readNavState } from '@/lib/nav-state';

export interface NavEmail {
  email: string;
  /** When the last code was sent (ms since epoch), for the resend cool-down. */
  sentAt?: number;
}

/**
 * The e-mail the previous screen handed over in navigation state. Read once when the component mounts
 * (mount it only after hydration, see components/forms/use-hydrated), so clearing the state on success does not bounce the
 * visitor. When there is none, `onMissing` runs once.
 */
export function useNavEmail(path: string, onMissing: () => void): NavEmail | null {
  const [state] = useState<NavEmail | null>(() => {
    const saved = readNavState<{ email: unknown; sentAt: unknown }>(path);
    if (typeof saved?.email !== 'string' || saved.email === '') return null;
    return {
      email: saved.email,
      sentAt: typeof saved.sentAt === 'number' ? saved.sentAt : undefined,
    };
  });
  const reported = useRef(false);
  useEffect(() => {
    if (state || reported.current) return;
    reported.current = true;
    onMissing();
  }, [state, onMissing]);
  return state;
}
