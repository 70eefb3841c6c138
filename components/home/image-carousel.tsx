'use client';

import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import Image from 'next/image';
import { useCallback, useEffect, useRef, useState } from 'react';

const slides = [
  { src: '/images/home/carousel-nature.svg', caption: 'Nature' },
  { src: '/images/home/carousel-city.svg', caption: 'City' },
  { src: '/images/home/carousel-technology.svg', caption: 'Technology' },
  { src: '/images/home/carousel-space.svg', caption: 'Space' },
];

export const carouselDelayMs = 2000;

/**
 * The looping image carousel: it advances every 2 s, and pauses while the tab is hidden, while it is off
 * screen, and entirely under reduced motion.
 */
export function ImageCarousel() {
  const [reducedMotion] = useState(
    () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  const [viewportRef, api] = useEmblaCarousel(
    { loop: true },
    reducedMotion
      ? []
      : [Autoplay({ delay: carouselDelayMs, stopOnInteraction: false, stopOnMouseEnter: true })],
  );
  const [selected, setSelected] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    const autoplay = api.plugins().autoplay;
    if (!autoplay) return () => void api.off('select', onSelect);
    let onScreen = true;
    const update = () =>
      onScreen && document.visibilityState === 'visible' ? autoplay.play() : autoplay.stop();
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? false;
      update();
    });
    if (rootRef.current) observer.observe(rootRef.current);
    document.addEventListener('visibilitychange', update);
    return () => {
      api.off('select', onSelect);
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
  }, [api]);

  const go = useCallback((delta: number) => (delta < 0 ? api?.scrollPrev() : api?.scrollNext()), [api]);

  return (
    <div
      ref={rootRef}
      data-testid="carousel"
      className="relative mx-auto mt-8 max-w-4xl"
      aria-roledescription="carousel"
    >
      <div ref={viewportRef} className="overflow-hidden rounded-2xl border border-gold/30">
        <ul className="flex">
          {slides.map((slide, i) => (
            <li
              key={slide.caption}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}: ${slide.caption}`}
              data-active={i === selected}
              className="relative min-w-0 flex-[0_0_100%]"
            >
              <Image src={slide.src} alt="" width={800} height={500} unoptimized className="h-auto w-full" />
              <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 to-transparent px-4 pb-3 pt-8 font-display text-2xl tracking-widest text-parchment">
                {slide.caption}
              </p>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 flex justify-center gap-4">
        <button
          type="button"
          onClick={() => go(-1)}
          aria-label="Previous slide"
          className="h-11 w-11 rounded-full border border-gold/60 text-gold hover:bg-gold/10"
        >
          ‹
        </button>
        <button
          type="button"
          onClick={() => go(1)}
          aria-label="Next slide"
          className="h-11 w-11 rounded-full border border-gold/60 text-gold hover:bg-gold/10"
        >
          ›
        </button>
      </div>
    </div>
  );
}
