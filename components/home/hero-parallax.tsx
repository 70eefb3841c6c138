'use client';

import Image from 'next/image';
import { useEffect, useRef } from 'react';

/** Layers of the hero scene, far to near, and the fraction of the scroll each one lags behind. */
const layers = [
  { src: '/images/home/sky.svg', speed: 0.6 },
  { src: '/images/home/mountains.svg', speed: 0.4 },
  { src: '/images/home/castle.svg', speed: 0.2 },
  { src: '/images/home/foreground.svg', speed: 0 },
] as const;

/**
 * The parallax mountain and castle scene behind the hero text. Far layers sink slower than the page
 * scrolls. Transforms only, at most once per animation frame, only while the hero is on screen, and not
 * at all under reduced motion. The art is all above the fold, so every layer is preloaded.
 */
export function HeroParallax() {
  const rootRef = useRef<HTMLDivElement>(null);
  const layerRefs = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let frame = 0;
    let listening = false;
    let onScreen = false;

    const apply = () => {
      frame = 0;
      const y = window.scrollY;
      layers.forEach((layer, i) => {
        const el = layerRefs.current[i];
        if (el && layer.speed) el.style.transform = `translate3d(0, ${(y * layer.speed).toFixed(1)}px, 0)`;
      });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    const reset = () => {
      layerRefs.current.forEach((el) => el?.style.removeProperty('transform'));
    };
    const update = () => {
      const active = onScreen && !reducedMotion.matches;
      if (active && !listening) {
        window.addEventListener('scroll', onScroll, { passive: true });
        listening = true;
        onScroll();
      } else if (!active && listening) {
        window.removeEventListener('scroll', onScroll);
        listening = false;
        cancelAnimationFrame(frame);
        frame = 0;
      }
      if (reducedMotion.matches) reset();
    };

    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? false;
      update();
    });
    observer.observe(root);
    reducedMotion.addEventListener('change', update);
    return () => {
      observer.disconnect();
      reducedMotion.removeEventListener('change', update);
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <div ref={rootRef} aria-hidden="true" className="absolute inset-0 -z-10 overflow-hidden bg-ink">
      {layers.map((layer, i) => (
        <div
          key={layer.src}
          ref={(el) => {
            layerRefs.current[i] = el;
          }}
          className="absolute inset-0 will-change-transform"
        >
          <Image
            src={layer.src}
            alt=""
            fill
            preload
            unoptimized
            sizes="100vw"
            className="object-cover object-bottom"
          />
        </div>
      ))}
    </div>
  );
}
