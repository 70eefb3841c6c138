'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { NotFoundContent } from '@/components/ui/not-found-content';

/** How long the toast is shown before going back, so it can be read before the previous page replaces it. */
const readingTime = 1500;

/**
 * Whether this page was reached from inside the site. Next's router loads a not-found page in full even on
 * a client-side navigation, so "a document load whose referrer is this site" counts too; a link from
 * elsewhere, a typed address or a reload does not.
 */
function reachedFromInsideTheSite(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (entry && entry.name !== window.location.href) return true;
  if (entry?.type !== 'navigate' || !document.referrer) return false;
  return new URL(document.referrer).origin === window.location.origin;
}

/**
 * An event category number that names nothing. Reached from inside the site, it says 'Something went
 * wrong' and goes back, as SPEC.md asks; loaded directly, it stays a not-found page.
 */
export function UnknownCategory() {
  const router = useRouter();
  const { toast } = useToast();

  useEffect(() => {
    if (!reachedFromInsideTheSite()) return;
    toast({ title: 'Something went wrong', variant: 'error' });
    const back = window.setTimeout(() => router.back(), readingTime);
    return () => window.clearTimeout(back);
  }, [router, toast]);

  return <NotFoundContent />;
}
