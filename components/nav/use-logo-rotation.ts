'use client';

import { useEffect, type RefObject } from 'react';
import { followScroll } from './follow-scroll';

/** Rotates an element 0.2 degree per scrolled pixel (SPEC.md part 9), once per frame at most. */
export const degreesPerScrolledPixel = 0.2;

export function useLogoRotation(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    return followScroll(() => {
      if (ref.current) ref.current.style.transform = `rotate(${window.scrollY * degreesPerScrolledPixel}deg)`;
    });
  }, [ref]);
}
