'use client';

import { useRef, type ReactNode } from 'react';
import { ProniteAnimator } from './pronite-animator';
import { ProniteLoader } from './pronite-loader';
import { usePrefersReducedMotion } from '@/components/ui/use-reduced-motion';

/**
 * Client shell of the Pronite page: the loader, the stage element that the scroll sequence pins, and the
 * animator. The stage's content is server-rendered and passed in as children.
 */
export function ProniteStage({ children }: { children: ReactNode }) {
  const stageRef = useRef<HTMLDivElement>(null);
  const spacerRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <>
      <ProniteLoader />
      {/* The pin's spacer is rendered around the stage from the start and only given room below it: a
          wrapper added later would move the stage in the document, and the browser would count the already
          painted heading as a new largest paint, seconds after the first. */}
      <div ref={spacerRef}>
        <div ref={stageRef} data-testid="pronite-stage" className="relative overflow-hidden">
          {children}
        </div>
      </div>
      {reducedMotion ? null : <ProniteAnimator stage={stageRef} spacer={spacerRef} />}
    </>
  );
}
