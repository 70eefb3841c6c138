'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useClientValue } from '@/components/ui/use-client-value';
import { readNavState } from '@/lib/nav-state';

export interface NavEmail {
  email: string;
  /** When the last code was sent (ms since epoch), for the resend cool-down. */
  sentAt?: number;
}

/**
 * The e-mail the previous screen handed over in navigation state: `undefined` until the browser has read
 * it (the server render and hydration know nothing of the tab's storage), then the e-mail, or `null` when
 * there is none, and then `onMissing` runs once. The screen renders its form in the document all the same
 * and fills in the address when it comes, so its first paint does not wait for the scripts.
 *
 * Read once when the component mounts, so clearing the state on success does not bounce the visitor.
 */
export function useNavEmail(path: string, onMissing: () => void): NavEmail | null | undefined {
  const read = useCallback((): NavEmail | null => {
    const saved = readNavState<{ email: unknown; sentAt: unknown }>(path);
    if (typeof saved?.email !== 'string' || saved.email === '') return null;
    return {
      email: saved.email,
      sentAt: typeof saved.sentAt === 'number' ? saved.sentAt : undefined,
    };
  }, [path]);
  const state = useClientValue<NavEmail | null | undefined>(read, undefined);
  const reported = useRef(false);
  useEffect(() => {
    if (state !== null || reported.current) return;
    reported.current = true;
    onMissing();
  }, [state, onMissing]);
  return state;
}
