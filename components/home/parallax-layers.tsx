'use client';

import Image from 'next/image';
import { useEffect, useRef } from 'react';

/** Layers of the hero scene, far to near; each moves at its own fraction of the scroll. */
const layers = [
  { src: '/images/home/sky.svg', speed: 0.1 },
  { src: '/images/home/mountains.svg', speed: 0.25 },
  { src: '/images/home/castle.svg', speed: 0.4 },
  { src: '/images/home/foreground.svg', speed: 0.6 },
];

/** The parallax mountain and castle scene: transforms only, once per frame, still under reduced motion. */
export function ParallaxLayers() {
  const refs = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const apply = () => {
      frame = 0;
      const y = Math.min(window.scrollY, window.innerHeight * 1.5);
      refs.current.forEach((el, i) => {
        if (el) el.style.transform = `translate3d(0, ${y * layers[i]!.speed}px, 0)`;
      });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <div aria-hidden="true" className="absolute inset-0 -z-10 overflow-hidden">
      {layers.map((layer, i) => (
        <div
          key={layer.src}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="absolute inset-0 will-change-transform"
        >
          <Image
            src={layer.src}
            alt=""
            fill
            priority={i < 3}
            unoptimized
            sizes="100vw"
            className="object-cover object-bottom"
          />
        </div>
      ))}
    </div>
  );
}
