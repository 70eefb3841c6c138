'use client';

import { useEffect, type RefObject } from 'react';

/** SPEC.md part 9: the sequence is pinned and scrubbed over 2000 px of scrolling. */
export const pinLengthPx = 2000;

const queries = {
  desktop: '(min-width: 640px) and (prefers-reduced-motion: no-preference)',
  mobile: '(max-width: 639.98px) and (prefers-reduced-motion: no-preference)',
};

/**
 * The scroll-driven Pronite sequence: the stage is pinned for 2000 px while 'Pronite' gives way to each
 * artist in turn. Wide screens slide the picture and the words in from opposite sides (they sit side by
 * side); phones, where they are stacked, raise them from below. Everything gsap sets is reverted by
 * gsap.matchMedia's revert on unmount and when a query stops matching (e.g. reduced motion turned on),
 * which brings back the plain server-rendered list.
 */
export default function ProniteAnimator({
  stage,
  spacer,
}: {
  stage: RefObject<HTMLDivElement | null>;
  /** The element around the stage that keeps its place while it is pinned (ProniteStage). */
  spacer: RefObject<HTMLDivElement | null>;
}) {
  useEffect(() => {
    let stopped = false;
    let revert: (() => void) | undefined;
    void (async () => {
      // gsap and ScrollTrigger are evaluated in tasks of their own, before the set-up: imported together
      // with it, they made one task of 133 to 156 ms on Lighthouse's phone (docs/performance.md).
      const { gsap } = await import('gsap');
      await nextTask();
      const { ScrollTrigger } = await import('gsap/ScrollTrigger');
      await nextTask();
      const root = stage.current;
      const pinSpacer = spacer.current;
      if (stopped || !root || !pinSpacer) return;
      gsap.registerPlugin(ScrollTrigger);
      const mm = gsap.matchMedia();
      revert = () => mm.revert();
      mm.add(queries, (context) => {
        const desktop = Boolean(context.conditions?.desktop);
        const intro = root.querySelector<HTMLElement>('[data-pronite-panel="intro"]');
        const artists = gsap.utils.toArray<HTMLElement>('[data-pronite-panel="artist"]', root);
        if (!intro || artists.length === 0) return;

        // Hidden first, then stacked over the intro, in the same frame: nothing visible moves.
        gsap.set(artists, { autoAlpha: 0 });
        gsap.set(artists, { position: 'absolute', top: 0, left: 0, width: '100%', height: '100%' });
        const timeline = gsap.timeline({
          defaults: { ease: 'power1.inOut' },
          scrollTrigger: {
            trigger: root,
            pin: true,
            pinSpacer,
            start: 'top top',
            end: `+=${pinLengthPx}`,
            scrub: 0.5,
            anticipatePin: 1,
            // Every from-value is relative (percent of the element, or a fixed offset), so nothing needs
            // re-recording when the page is measured again; re-recording cost a fifth of the set-up.
          },
        });
        addSequence(timeline, intro, artists, desktop);
      });
    })();
    // matchMedia's revert undoes everything gsap set, which brings back the plain server-rendered list.
    return () => {
      stopped = true;
      revert?.();
    };
  }, [stage, spacer]);
  return null;
}

/** 'Pronite' gives way to each artist in turn: slid in from the sides on wide screens, raised on phones. */
function addSequence(
  timeline: ReturnType<typeof import('gsap').gsap.timeline>,
  intro: HTMLElement,
  artists: HTMLElement[],
  desktop: boolean,
) {
  timeline.to(intro, { autoAlpha: 0, scale: 1.2, duration: 1 });
  artists.forEach((panel, i) => {
    const picture = panel.querySelector('[data-part="picture"]');
    const words = panel.querySelector('[data-part="words"]');
    timeline.to(panel, { autoAlpha: 1, duration: 0.5 }, '-=0.3');
    if (picture) {
      timeline.from(
        picture,
        desktop ? { xPercent: -40, rotate: -4, duration: 1 } : { y: 90, scale: 0.9, duration: 1 },
        '<',
      );
    }
    if (words) {
      timeline.from(words, desktop ? { xPercent: 25, duration: 1 } : { y: 60, duration: 1 }, '<0.15');
    }
    // Hold each artist on screen for a while; the last one stays.
    timeline.to({}, { duration: 0.8 });
    if (i < artists.length - 1) {
      timeline.to(panel, { autoAlpha: 0, ...(desktop ? { xPercent: 8 } : { y: -50 }), duration: 0.6 });
    }
  });
}

/** Lets the browser paint and handle input before the next step. */
function nextTask() {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
