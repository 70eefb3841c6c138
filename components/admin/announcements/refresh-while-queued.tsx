'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { useVisiblePolling } from '@/components/admin/attendance/use-visible-polling';

/**
 * Reads the page's server data again every 5 seconds while a message is still queued, so the counts and
 * the log move on their own as the outbox and the push queue work through them; once nothing is queued
 * it is not rendered and asks nothing.
 */
export function RefreshWhileQueued() {
  const router = useRouter();
  const refresh = useCallback(() => router.refresh(), [router]);
  useVisiblePolling(refresh, 5_000);
  return null;
}
