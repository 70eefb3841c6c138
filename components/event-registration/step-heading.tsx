'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A step's heading. When the visitor moves between steps it takes focus, so keyboard and screen reader
 * users continue from the top of the new step; on the first render it leaves focus alone.
 */
export function StepHeading({
  id,
  focusOnMount,
  children,
}: {
  id: string;
  focusOnMount: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Read once: a step is entered once per move, later renders must not pull focus back.
  const shouldFocus = useRef(focusOnMount);
  useEffect(() => {
    if (shouldFocus.current) ref.current?.focus();
  }, []);
  return (
    <h2
      ref={ref}
      id={id}
      tabIndex={-1}
      className="font-display text-xl text-gold focus:outline-none sm:text-2xl"
    >
      {children}
    </h2>
  );
}
