'use client';

import { useEffect, type RefObject } from 'react';
import { followScroll } from './follow-scroll';

/**
 * Marks an element `data-scrolled` while the page is scrolled away from its top, once per frame at most.
 * The fixed header reads it to become a solid bar: see-through over the top of a page (the home scene
 * shows through it), but once content scrolls beneath it a student sees a bar, not a logo and a button
 * floating over a heading or a form control that a tap would miss.
 */
export function useScrolledFlag(ref: RefObject<HTMLElement | null>) {
  useEffect(
    () => followScroll(() => ref.current?.toggleAttribute('data-scrolled', window.scrollY > 0)),
    [ref],
  );
}
