'use client';

import { useEffect, type RefObject } from 'react';

/** Rotates an element 0.2 degree per scrolled pixel (SPEC.md part 9), once per frame at most. */
export const degreesPerScrolledPixel = 0.2;

export function useLogoRotation(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const apply = () => {
      frame = 0;
      if (ref.current) ref.current.style.transform = `rotate(${window.scrollY * degreesPerScrolledPixel}deg)`;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    apply();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref]);
}
