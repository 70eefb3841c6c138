'use client';

import { useEffect } from 'react';
import { keepOffline, type OfflineScope } from './offline-pages';

/** How long the browser may wait for an idle moment before the registration runs anyway. */
const idleDeadlineMs = 5000;

/**
 * Keeps the public page it is on openable offline (public/sw.js, network first then the last copy), e.g.
 * `<KeepOfflinePage scope="/announcements" />`. It renders nothing, and registers only after the page has
 * loaded and the browser is idle: a worker's install (fetching the page again, with its assets) must not
 * compete with a public page's first paint or its first interactions.
 */
export function KeepOfflinePage({ scope }: { scope: Extract<OfflineScope, '/schedule' | '/announcements'> }) {
  useEffect(() => {
    let cancelIdle = () => {};
    const whenIdle = () => {
      if ('requestIdleCallback' in window) {
        const handle = window.requestIdleCallback(() => keepOffline(scope), { timeout: idleDeadlineMs });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        // Safari has no requestIdleCallback: a moment after load is the next best.
        const timer = setTimeout(() => keepOffline(scope), 1000);
        cancelIdle = () => clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') {
      whenIdle();
      return () => cancelIdle();
    }
    window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdle();
    };
  }, [scope]);
  return null;
}
