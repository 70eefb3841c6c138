/** The part of an element's box that decides whether it can be read where it is. */
export interface VerticalBox {
  top: number;
  bottom: number;
}

/**
 * True when `box` is wholly on screen: below `topInset` (what the fixed site header covers) and above the
 * viewport's bottom edge. A box taller than that space never is, and then its top is what matters.
 */
export function isWhollyInView(box: VerticalBox, viewportHeight: number, topInset: number): boolean {
  return box.top >= topInset && box.bottom <= viewportHeight;
}

/**
 * Scrolls `element` so its top shows just under the fixed header, unless it is already wholly on screen
 * (a wide screen, where nothing should jump). The header's height is the element's scroll-margin-top, the
 * same margin the browser itself keeps when it scrolls to the element.
 */
export function bringIntoView(element: HTMLElement): void {
  const topInset = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  if (isWhollyInView(element.getBoundingClientRect(), window.innerHeight, topInset)) return;
  element.scrollIntoView({ block: 'start' });
}
