'use client';

import { useEffect, type RefObject } from 'react';
import { frameAt, panelStyle, transformOf, type Layout } from './scroll-sequence';

/** SPEC.md part 9: the sequence is pinned and scrubbed over 2000 px of scrolling. */
export const pinLengthPx = 2000;

/** Wide screens set the picture and the words side by side (the panels' `sm:` classes), phones stack them. */
const wideQuery = '(min-width: 640px)';

/**
 * How the moment shown follows the scroll: it closes about two thirds of the gap in this many seconds, so
 * a flick of the wheel plays the sequence through instead of jumping (the "scrub" of the design).
 */
const followSeconds = 0.12;

/**
 * The scroll-driven Pronite sequence, with the browser's own pin: the stage sticks to the top
 * (`position: sticky`) while the spacer around it scrolls by 2000 px below it, and each scroll sets the
 * looks `frameAt` gives for how far through the pin the page is. No animation library: the sequence is
 * a few transforms and opacities, and a library evaluated on a phone's first load blocked its main thread
 * for longer than the rest of the page (docs/decisions.md, "The Pronite sequence without gsap").
 *
 * Mounted only when motion is welcome (ProniteStage); unmounting puts back every inline style it changed,
 * which brings back the plain server-rendered list.
 */
export function ProniteAnimator({
  stage,
  spacer,
}: {
  stage: RefObject<HTMLDivElement | null>;
  /** The element around the stage whose room below the stage is the length of the pin (ProniteStage). */
  spacer: RefObject<HTMLDivElement | null>;
}) {
  useEffect(() => {
    const [root, track] = [stage.current, spacer.current];
    return root && track ? playOnScroll(root, track) : undefined;
  }, [stage, spacer]);
  return null;
}

/** Sets the sequence up on the server-rendered stage and plays it with the scroll; returns its undoing. */
function playOnScroll(root: HTMLElement, track: HTMLElement): (() => void) | undefined {
  const intro = root.querySelector<HTMLElement>('[data-pronite-panel="intro"]');
  const panels = Array.from(root.querySelectorAll<HTMLElement>('[data-pronite-panel="artist"]'));
  if (!intro || panels.length === 0) return undefined;
  const parts = panels.map((panel) => ({
    panel,
    picture: panel.querySelector<HTMLElement>('[data-part="picture"]'),
    words: panel.querySelector<HTMLElement>('[data-part="words"]'),
  }));
  const touched = [track, root, intro, ...parts.flatMap((p) => [p.panel, p.picture, p.words])].filter(
    (el): el is HTMLElement => el !== null,
  );
  const before = touched.map((el) => el.style.cssText);
  const wide = window.matchMedia(wideQuery);

  const progressNow = () => Math.min(1, Math.max(0, -track.getBoundingClientRect().top / pinLengthPx));
  const apply = (progress: number) => {
    const layout: Layout = wide.matches ? 'wide' : 'phone';
    const frame = frameAt(progress, parts.length, layout);
    Object.assign(intro.style, panelStyle(frame.intro));
    frame.artists.forEach((looks, i) => {
      const { panel, picture, words } = parts[i]!;
      Object.assign(panel.style, panelStyle(looks.panel));
      if (picture) picture.style.transform = transformOf(looks.picture);
      if (words) words.style.transform = transformOf(looks.words);
    });
  };

  // The pin and the stacking, and the first frame's looks (artists hidden), in one task: nothing painted
  // moves, since the stage keeps its place and only what is below the first screen is rearranged.
  Object.assign(root.style, { position: 'sticky', top: '0px' });
  for (const { panel } of parts) {
    Object.assign(panel.style, { position: 'absolute', inset: '0px', minHeight: '0px' });
  }
  // A sticky element moves only within its parent's content box, so the pin's length is height, not padding.
  const makeRoom = () => (track.style.height = `${root.offsetHeight + pinLengthPx}px`);
  makeRoom();
  let shown = progressNow();
  let target = shown;
  apply(shown);
  root.dataset.sequence = 'on';

  let frameId = 0;
  let lastTime = 0;
  const follow = (time: number) => {
    const seconds = lastTime ? (time - lastTime) / 1000 : 1 / 60;
    lastTime = time;
    shown += (target - shown) * (1 - Math.exp(-seconds / followSeconds));
    if (Math.abs(target - shown) < 0.0005) shown = target;
    apply(shown);
    if (shown === target) {
      frameId = 0;
      lastTime = 0;
    } else frameId = requestAnimationFrame(follow);
  };
  const onScroll = () => {
    target = progressNow();
    if (!frameId) frameId = requestAnimationFrame(follow);
  };
  const onLayout = () => apply(shown);
  const onResize = () => {
    makeRoom();
    onScroll();
  };

  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onResize);
  wide.addEventListener('change', onLayout);
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onResize);
    wide.removeEventListener('change', onLayout);
    cancelAnimationFrame(frameId);
    touched.forEach((el, i) => (el.style.cssText = before[i]!));
    delete root.dataset.sequence;
  };
}
