'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { NotFoundContent } from '@/components/ui/not-found-content';

/**
 * An event category number that names nothing. Reached from inside the site (a client-side navigation),
 * it says 'Something went wrong' and goes back, as SPEC.md asks; loaded directly, it stays a not-found page.
 */
export function UnknownCategory() {
  const router = useRouter();
  const { toast } = useToast();

  useEffect(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const loadedDirectly = !entry || entry.name === window.location.href;
    if (loadedDirectly) return;
    toast({ title: 'Something went wrong', variant: 'error' });
    router.back();
  }, [router, toast]);

  return <NotFoundContent />;
}
