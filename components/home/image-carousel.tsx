'use client';

import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import Image from 'next/image';
import { useCallback, useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { usePrefersReducedMotion } from '@/components/ui/use-reduced-motion';

/** SPEC.md part 9: the carousel advances every 2000 ms. */
export const carouselDelayMs = 2000;

const slides = [
  {
    caption: 'Nature',
    src: '/images/home/carousel-nature.svg',
    alt: 'Sunrise over snow-capped mountains and a still lake',
  },
  { caption: 'City', src: '/images/home/carousel-city.svg', alt: 'A city skyline with lit windows at night' },
  {
    caption: 'Technology',
    src: '/images/home/carousel-technology.svg',
    alt: 'A glowing chip on a circuit board',
  },
  { caption: 'Space', src: '/images/home/carousel-space.svg', alt: 'A ringed planet, a moon and a comet' },
] as const;

const controlClass =
  'flex h-11 w-11 items-center justify-center rounded-full border border-gold/60 text-gold transition hover:bg-gold/10';

/**
 * The looping image carousel (Nature, City, Technology, Space). It advances every 2 s while it is on
 * screen, the tab is visible, and no mouse or keyboard focus is on it; never under reduced motion; and it
 * has a pause button. Without JavaScript the slides are a horizontally scrollable strip.
 */
export function ImageCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [autoplay] = useState(() =>
    Autoplay({
      delay: carouselDelayMs,
      playOnInit: false,
      stopOnInteraction: true,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  );
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: true }, [autoplay]);
  const rootRef = useRef<HTMLElement>(null);
  const [selected, setSelected] = useState(0);
  const [onScreen, setOnScreen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const playing = !!emblaApi && !reducedMotion && !paused && !hovered && !focused && onScreen;

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  // The plugin itself stops while the document is hidden and resumes when it is shown again.
  useEffect(() => {
    if (!emblaApi) return;
    if (!playing) {
      autoplay.stop();
      return;
    }
    autoplay.play();
    // A drag stops the plugin (stopOnInteraction); carry on once the pointer is released.
    const resume = () => autoplay.play();
    emblaApi.on('pointerUp', resume);
    return () => {
      emblaApi.off('pointerUp', resume);
    };
  }, [emblaApi, autoplay, playing]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false));
    observer.observe(root);
    return () => observer.disconnect();
  }, []);

  // Embla measures every slide when it starts (a forced layout in the middle of hydration), so it is
  // handed the strip only once the gallery is within half a screen of the viewport: the page loads
  // without that work, and the carousel is running before the visitor gets there.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(root);
    return () => observer.disconnect();
  }, []);

  const scrollBy = useCallback(
    (step: -1 | 1) => {
      if (!emblaApi) return;
      if (step < 0) emblaApi.scrollPrev(reducedMotion);
      else emblaApi.scrollNext(reducedMotion);
      autoplay.reset();
    },
    [emblaApi, autoplay, reducedMotion],
  );

  const onPointer = (entering: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setHovered(entering);
  };
  const onFocus = (event: FocusEvent) => {
    // Keyboard focus pauses (WCAG 2.2.2); a mouse click on a control does not.
    if (event.target instanceof HTMLElement && event.target.matches(':focus-visible')) setFocused(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const current = slides[selected] ?? slides[0];

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label="Festival gallery"
      data-testid="carousel"
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      onFocus={onFocus}
      onBlur={onBlur}
      className="mx-auto mt-8 max-w-4xl"
    >
      <div
        ref={near ? viewportRef : undefined}
        // Before the carousel starts (and without JavaScript) the strip scrolls natively.
        tabIndex={emblaApi ? undefined : 0}
        className={`rounded-2xl border border-gold/30 ${
          emblaApi ? 'overflow-hidden' : 'snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]'
        }`}
      >
        <div className="flex">
          {slides.map((slide, i) => (
            <div
              key={slide.caption}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}: ${slide.caption}`}
              data-active={i === selected ? 'true' : 'false'}
              className="min-w-0 flex-[0_0_100%] snap-start"
            >
              <figure className="relative">
                <Image
                  src={slide.src}
                  alt={slide.alt}
                  width={800}
                  height={500}
                  unoptimized
                  className="block h-auto w-full"
                />
                <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink via-ink/80 to-transparent px-4 pb-3 pt-10 text-left font-display text-2xl tracking-widest text-parchment">
                  {slide.caption}
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => scrollBy(-1)}
          aria-label="Previous slide"
          className={controlClass}
        >
          <Chevron direction="left" />
        </button>
        <div className="flex">
          {slides.map((slide, i) => (
            <button
              key={slide.caption}
              type="button"
              onClick={() => emblaApi?.scrollTo(i, reducedMotion)}
              aria-label={`Show slide ${i + 1}: ${slide.caption}`}
              aria-current={i === selected ? 'true' : undefined}
              className="group flex h-11 w-8 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className="block h-2.5 w-2.5 rounded-full border border-gold transition group-aria-[current=true]:bg-gold"
              />
            </button>
          ))}
        </div>
        <button type="button" onClick={() => scrollBy(1)} aria-label="Next slide" className={controlClass}>
          <Chevron direction="right" />
        </button>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          // Kept in the layout under reduced motion (nothing to pause), so the controls never move.
          className={`${controlClass} ${reducedMotion ? 'invisible' : ''}`}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            {paused ? (
              <path d="M8 5v14l11-7z" fill="currentColor" />
            ) : (
              <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
            )}
          </svg>
        </button>
      </div>
      <p className="sr-only" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        {`Slide ${selected + 1} of ${slides.length}: ${current.caption}`}
      </p>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5 8 12l7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
