'use client';

import dynamic from 'next/dynamic';
import { useRef, type ReactNode } from 'react';
import { ProniteLoader } from './pronite-loader';
import { usePrefersReducedMotion } from '@/components/ui/use-reduced-motion';

// gsap and ScrollTrigger arrive in their own chunk after hydration (while the loader covers the page),
// only on this page, and not at all under reduced motion.
const ProniteAnimator = dynamic(() => import('./pronite-animator'), { ssr: false });

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
      {/* The pin's spacer is ours, rendered around the stage from the start. Left to itself, ScrollTrigger
          wraps the stage in a spacer it creates, which moves the stage in the document: the browser then
          counts the already painted heading as a new largest paint, seconds after the first. */}
      <div ref={spacerRef}>
        <div ref={stageRef} data-testid="pronite-stage" className="relative overflow-hidden">
          {children}
        </div>
      </div>
      {reducedMotion ? null : <ProniteAnimator stage={stageRef} spacer={spacerRef} />}
    </>
  );
}
