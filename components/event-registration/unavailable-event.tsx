'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { textLinkClass } from '@/components/forms/field-classes';
import { useToast } from '@/components/toast/toast-provider';

/** How long the message stays on screen before going back, so it can be read after a direct visit. */
const backDelayMs = 1500;

/**
 * Shown instead of the registration screen when the event is missing, is not in this category, is
 * closed or has no ways to take part (SPEC.md parts 4 and 8): 'Something went wrong!' and back.
 */
export function UnavailableEvent({ fallback }: { fallback: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const reported = useRef(false);

  useEffect(() => {
    if (!reported.current) {
      reported.current = true;
      toast({ title: 'Something went wrong!', variant: 'error' });
    }
    const timer = window.setTimeout(() => {
      if (window.history.length > 1) router.back();
      else router.replace(fallback);
    }, backDelayMs);
    return () => window.clearTimeout(timer);
  }, [toast, router, fallback]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 pt-16 text-center">
      <h1 className="font-display text-2xl text-parchment">This event is not taking registrations</h1>
      <p className="text-parchment/85">
        Taking you back…{' '}
        <Link href={fallback} className={textLinkClass}>
          See the events now
        </Link>
      </p>
    </main>
  );
}
