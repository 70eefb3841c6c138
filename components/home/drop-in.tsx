'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Makes the `[data-drop]` elements inside it drop into place when they scroll into view. The server HTML
 * shows them in place (readers without JavaScript see them); after hydration only those still below the
 * viewport are lifted out of sight, then dropped in by a CSS transition as their (unmoved) parent box comes
 * into view. Transform and opacity only, so nothing shifts; nothing moves under reduced motion.
 */
export function DropIn({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const byBox = new Map<Element, HTMLElement>();
    for (const el of root.querySelectorAll<HTMLElement>('[data-drop]')) {
      if (el.getBoundingClientRect().top <= window.innerHeight) continue;
      el.dataset.drop = 'waiting';
      byBox.set(el.parentElement ?? el, el);
    }
    if (byBox.size === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const el = byBox.get(entry.target);
          if (el) el.dataset.drop = 'dropped';
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: '0px 0px -15% 0px' },
    );
    for (const box of byBox.keys()) observer.observe(box);
    return () => {
      observer.disconnect();
      for (const el of byBox.values()) el.dataset.drop = 'dropped';
    };
  }, []);

  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
