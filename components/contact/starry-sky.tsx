'use client';

import { useEffect, useRef } from 'react';
import { createSky, type Sky } from './sky-painter';

/**
 * The animated starry background behind the contact block. Nothing is drawn before it first comes on
 * screen (on most pages it is a footer far below the fold, so it costs nothing while the page loads).
 * It animates only while on screen, the tab is visible and the visitor has not asked for reduced motion;
 * otherwise it keeps a still sky.
 */
export function StarrySky() {
  const starsRef = useRef<HTMLCanvasElement>(null);
  const meteorsRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const starsCanvas = starsRef.current;
    const meteorsCanvas = meteorsRef.current;
    if (!starsCanvas || !meteorsCanvas) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let sky: Sky | null = null;
    let onScreen = false;
    let sizeChanged = false;

    function update() {
      if (!onScreen) {
        sky?.stop();
        return;
      }
      if (!sky || sizeChanged) {
        sky?.stop();
        sky = createSky(starsCanvas!, meteorsCanvas!);
        sizeChanged = false;
      }
      if (document.visibilityState === 'visible' && !reducedMotion.matches) sky.start();
      else sky.stop();
    }

    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? false;
      update();
    });
    observer.observe(starsCanvas);
    let firstSize = true;
    const resizeObserver = new ResizeObserver(() => {
      // The first report is the initial size, not a change.
      if (firstSize) {
        firstSize = false;
        return;
      }
      sizeChanged = true;
      update();
    });
    resizeObserver.observe(starsCanvas);
    document.addEventListener('visibilitychange', update);
    reducedMotion.addEventListener('change', update);
    return () => {
      observer.disconnect();
      resizeObserver.disconnect();
      document.removeEventListener('visibilitychange', update);
      reducedMotion.removeEventListener('change', update);
      sky?.stop();
    };
  }, []);

  return (
    <>
      <canvas
        ref={starsRef}
        aria-hidden="true"
        data-testid="starry-sky"
        className="absolute inset-0 h-full w-full"
      />
      <canvas
        ref={meteorsRef}
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 h-full w-full"
      />
    </>
  );
}
