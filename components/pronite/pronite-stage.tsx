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
  const reducedMotion = usePrefersReducedMotion();
  return (
    <>
      <ProniteLoader />
      <div ref={stageRef} data-testid="pronite-stage" className="relative overflow-hidden">
        {children}
      </div>
      {reducedMotion ? null : <ProniteAnimator stage={stageRef} />}
    </>
  );
}
