'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { festivalTitle } from '@/lib/festival';
import { splashSeenKey } from './splash-key';

/** SPEC.md part 9: the home splash counts to 100% over about 10 seconds. */
export const splashDurationMs = 10_000;
const fadeOutMs = 500;

type Phase = 'off' | 'on' | 'leaving';

/**
 * First decision of this page load: show the splash only on the first visit of a browser session, never
 * under reduced motion, and never when sessionStorage is unavailable (it could not remember the visit).
 * The flag is written at once, so a reload in the middle of the splash does not show it again.
 */
function claimSplash(): boolean {
  try {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return false;
    if (window.sessionStorage.getItem(splashSeenKey) !== null) return false;
    window.sessionStorage.setItem(splashSeenKey, '1');
    return true;
  } catch {
    return false;
  }
}

/**
 * The home splash: an overlay (position fixed, so nothing shifts) drawn only after hydration, above the
 * server-rendered page, which stays in the HTML for crawlers and readers without JavaScript.
 * Skippable with its button or Escape.
 */
export function Splash() {
  const [phase, setPhase] = useState<Phase>('off');
  const [percent, setPercent] = useState(0);
  const decided = useRef<boolean | null>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // A ref keeps the decision across React's development double-invocation of effects.
    decided.current ??= claimSplash();
    if (!decided.current) return;
    const frame = requestAnimationFrame(() => setPhase((p) => (p === 'off' ? 'on' : p)));
    return () => cancelAnimationFrame(frame);
  }, []);

  const leave = useCallback(() => {
    setPhase((p) => (p === 'on' ? 'leaving' : p));
  }, []);

  useEffect(() => {
    if (phase !== 'on') return;
    skipRef.current?.focus();
    const start = performance.now();
    const timer = setInterval(() => {
      const next = Math.min(100, Math.floor(((performance.now() - start) / splashDurationMs) * 100));
      setPercent(next);
      if (next >= 100) {
        clearInterval(timer);
        leave();
      }
    }, 100);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      leave();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearInterval(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [phase, leave]);

  useEffect(() => {
    if (phase !== 'leaving') return;
    // Hand focus back to the page rather than leaving it on a button that is about to disappear.
    if (dialogRef.current?.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
    const timer = setTimeout(() => setPhase('off'), fadeOutMs);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'off') return null;

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={`Welcome to ${festivalTitle}`}
      data-testid="splash"
      className={`fixed inset-0 z-[80] flex flex-col items-center justify-center gap-6 bg-ink px-6 text-center transition-opacity duration-500 starting:opacity-0 ${
        phase === 'leaving' ? 'pointer-events-none opacity-0' : 'opacity-100'
      }`}
    >
      <SplashCrest />
      <p className="font-display text-sm tracking-[0.4em] text-gold">{festivalTitle.toUpperCase()}</p>
      <div
        role="progressbar"
        aria-label="Opening the castle gates"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="flex flex-col items-center gap-3"
      >
        {/* One text node, left-aligned in a fixed box: it grows to the right and its start never moves. */}
        <span className="inline-block w-[4.2ch] pl-[0.35ch] text-left font-display text-3xl tabular-nums text-parchment">
          {`${percent}%`}
        </span>
        <span className="block h-1 w-48 overflow-hidden rounded-full bg-white/15" aria-hidden="true">
          <span
            className="block h-full origin-left rounded-full bg-gold"
            style={{ transform: `scaleX(${percent / 100})` }}
          />
        </span>
      </div>
      <button
        ref={skipRef}
        type="button"
        onClick={leave}
        className="absolute bottom-8 right-6 min-h-11 rounded-full border border-gold/70 px-6 font-display tracking-widest text-gold transition hover:bg-gold hover:text-ink"
      >
        Skip
      </button>
    </div>
  );
}

/**
 * The crest, drawn inline (an inline SVG is never a Largest Contentful Paint candidate). The two turning
 * parts are separate SVGs stacked over the still one, each turned as a whole by CSS: the browser's
 * compositor turns them without repainting anything on the page's main thread (turning shapes inside one
 * SVG would repaint it on every frame while the page is still loading underneath).
 */
function SplashCrest() {
  const layer = 'absolute inset-0 h-full w-full';
  return (
    <span className="relative block h-28 w-28" aria-hidden="true">
      <svg viewBox="0 0 120 120" className={layer} focusable="false">
        <defs>
          <radialGradient id="splash-crest" cx="50%" cy="40%" r="60%">
            <stop offset="0" stopColor="#fde68a" />
            <stop offset="1" stopColor="#b45309" />
          </radialGradient>
        </defs>
        <circle cx="60" cy="60" r="56" fill="#1c1433" stroke="url(#splash-crest)" strokeWidth="6" />
      </svg>
      <svg viewBox="0 0 120 120" className={`${layer} animate-[spin_8s_linear_infinite]`} focusable="false">
        <circle cx="60" cy="60" r="44" fill="none" stroke="#fde68a" strokeWidth="1.5" strokeDasharray="3 5" />
      </svg>
      <svg
        viewBox="0 0 120 120"
        className={`${layer} animate-[spin_4s_ease-in-out_infinite]`}
        focusable="false"
      >
        <path d="M60 20 68 52 100 60 68 68 60 100 52 68 20 60 52 52Z" fill="url(#splash-crest)" />
      </svg>
      <svg viewBox="0 0 120 120" className={layer} focusable="false">
        <circle cx="60" cy="60" r="9" fill="#1c1433" stroke="#fde68a" strokeWidth="2" />
      </svg>
    </span>
  );
}
