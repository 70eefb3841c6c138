'use client';

import { useEffect, useState } from 'react';
import { useHydrated } from '@/components/forms/use-hydrated';

/** SPEC.md part 9: the pronite loader shows for 2 seconds. */
export const proniteLoaderMs = 2000;
const fadeOutMs = 300;

/**
 * The 2-second loader over the Pronite page. It exists only after hydration: the server HTML (what
 * crawlers and readers without JavaScript get) is never covered.
 */
export function ProniteLoader() {
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<'on' | 'leaving' | 'done'>('on');

  useEffect(() => {
    const leave = setTimeout(() => setPhase('leaving'), proniteLoaderMs);
    const done = setTimeout(() => setPhase('done'), proniteLoaderMs + fadeOutMs);
    return () => {
      clearTimeout(leave);
      clearTimeout(done);
    };
  }, []);

  if (!hydrated || phase === 'done') return null;
  return (
    <div
      role="status"
      data-testid="pronite-loader"
      className={`fixed inset-0 z-[80] flex flex-col items-center justify-center gap-5 bg-ink transition-opacity duration-300 ${
        phase === 'leaving' ? 'pointer-events-none opacity-0' : 'opacity-100'
      }`}
    >
      <span className="loader-orb" aria-hidden="true" />
      <span className="font-display text-sm tracking-[0.4em] text-gold">TUNING THE STAGE</span>
      <span className="sr-only">Loading Pronite</span>
    </div>
  );
}
