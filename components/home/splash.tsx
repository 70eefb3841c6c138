'use client';

import Image from 'next/image';
import { useEffect, useRef, useState } from 'react';
import { splashDurationMs, splashSeenKey } from './splash-key';

/**
 * The home page's splash: an animated crest and a counter rising to 100% over about ten seconds. It is
 * an overlay drawn after hydration on the first visit of a browser session (the page is already in the
 * HTML underneath), can be skipped, and never shows under reduced motion.
 */
export function Splash() {
  const [percent, setPercent] = useState<number | null>(null);
  const skipRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let seen = true;
    try {
      seen = window.sessionStorage.getItem(splashSeenKey) === '1';
      window.sessionStorage.setItem(splashSeenKey, '1');
    } catch {
      // No storage: behave as if seen, so nobody is stuck behind it.
    }
    if (seen || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const next = Math.min(100, Math.floor(((now - started) / splashDurationMs) * 100));
      setPercent(next);
      if (next < 100) frame = requestAnimationFrame(tick);
      else setTimeout(() => setPercent(null), 400);
    };
    frame = requestAnimationFrame(tick);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPercent(null);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const visible = percent !== null;
  useEffect(() => {
    if (visible) skipRef.current?.focus();
  }, [visible]);

  if (percent === null) return null;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Opening the festival"
      data-testid="splash"
      className="fixed inset-0 z-[80] flex flex-col items-center justify-center gap-6 bg-ink"
    >
      <Image src="/images/logo.svg" alt="" width={120} height={120} unoptimized className="animate-pulse" />
      <p className="font-display text-4xl tabular-nums text-gold" aria-live="off">
        {percent}%
      </p>
      <button
        ref={skipRef}
        type="button"
        onClick={() => setPercent(null)}
        className="min-h-11 rounded-full border border-gold/60 px-6 font-display text-sm tracking-widest text-gold hover:bg-gold/10"
      >
        Skip
      </button>
    </div>
  );
}
