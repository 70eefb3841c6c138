'use client';

import { useEffect, useRef } from 'react';

/**
 * Calls `poll` every `intervalMs` while the page is visible, and at once when it becomes visible again: a
 * phone in a pocket asks nothing, and the counts are fresh the moment it is looked at.
 */
export function useVisiblePolling(poll: () => void | Promise<void>, intervalMs: number): void {
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  }, [poll]);
  useEffect(() => {
    let timer: number | undefined;
    const schedule = () => {
      window.clearTimeout(timer);
      if (document.visibilityState !== 'visible') return;
      timer = window.setTimeout(() => {
        void Promise.resolve(pollRef.current()).finally(schedule);
      }, intervalMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void Promise.resolve(pollRef.current()).finally(schedule);
      else window.clearTimeout(timer);
    };
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs]);
}
