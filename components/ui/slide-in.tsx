'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Slides its content in from one side when its top reaches 60% of the viewport height ('top 60%').
 * The server HTML shows the content in place; only content still below that line is hidden on mount,
 * and nothing moves under reduced motion.
 */
export function SlideIn({
  from,
  children,
  className = '',
}: {
  from: 'left' | 'right';
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'static' | 'waiting' | 'shown'>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight * 0.6) return;
    setState('waiting');
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setState('shown');
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -40% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // 'invisible' as well as transparent: waiting content is out of the accessibility tree until it arrives.
  const hidden =
    from === 'left' ? 'invisible -translate-x-16 opacity-0' : 'invisible translate-x-16 opacity-0';
  return (
    <div
      ref={ref}
      data-slide={state}
      className={`transition duration-700 ease-out ${state === 'waiting' ? hidden : 'translate-x-0 opacity-100'} ${className}`}
    >
      {children}
    </div>
  );
}
