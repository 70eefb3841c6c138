'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname } from 'next/navigation';
import { fullStylesheetHref } from '@/lib/stylesheet/compiled/full-stylesheet-href';
import { stylesheetGlobal, type StylesheetForPath } from '@/lib/stylesheet/stylesheet-global';

/** The element's id, by which the browser's first render finds the text the server wrote. */
const elementId = 'site-stylesheet';
/** React's name for the group of the linked whole sheet, which it places after the element that has it. */
const precedence = 'site';

/**
 * The page's stylesheet inside the document's head, so that its first frame needs nothing but its
 * document: a linked stylesheet is a round trip on a new connection before it, on a phone's slow link
 * (docs/performance.md, "On a shaped link"). It is the stylesheet of the page's route alone
 * (scripts/build-stylesheet.ts), which keeps the document within TCP's first flight.
 *
 * A client component on purpose. What a server component renders also travels in the RSC payload React
 * hydrates from, which would carry the text a second time in every document (Next's own inlineCss does
 * that). A client component's output is only HTML: on the server it asks the global the root layout's
 * import set for its path's text; in the browser it takes the text back from the element the server
 * wrote, so hydration finds exactly what it renders, and after that the text never changes.
 *
 * Other routes use classes this text lacks, so the whole sheet is linked with the first move to another
 * page. The move is a transition, and React commits a transition that first renders a stylesheet only
 * once that sheet has loaded: the next page never shows without its rules. So that the move need not wait
 * for the file, it is fetched ahead (prefetch, into the HTTP cache) once the page has loaded and the
 * browser is idle. Fetched, not applied: applied there, the whole sheet's parse and the page's style
 * recalculation made a long task of 110 to 150 ms on a phone's CPU, counted in the page's blocking time
 * (docs/performance.md), for rules this page never uses.
 */
export function InlineStylesheet() {
  const pathname = usePathname();
  const [documentPathname] = useState(pathname);
  const [css] = useState(() => readStylesheet(pathname));
  const element = useRef<HTMLStyleElement>(null);

  useEffect(() => {
    // Set after hydration, not rendered: React's hydration passes over a <style> that has the attribute
    // (it takes one for a stylesheet of its own). With it, React puts the linked sheet after this one, so
    // that the whole sheet's rules, in their own order, come last in the cascade.
    element.current?.setAttribute('data-precedence', precedence);
    return whenLoadedAndIdle(() => prefetch(fullStylesheetHref));
  }, []);

  const linkWholeSheet = pathname !== documentPathname;
  return (
    <>
      <style id={elementId} ref={element} dangerouslySetInnerHTML={{ __html: css }} />
      {linkWholeSheet ? <link rel="stylesheet" href={fullStylesheetHref} precedence={precedence} /> : null}
    </>
  );
}

function readStylesheet(pathname: string): string {
  if (typeof window === 'undefined') {
    const stylesheetFor = (globalThis as Record<string, unknown>)[stylesheetGlobal] as
      StylesheetForPath | undefined;
    return stylesheetFor?.(pathname) ?? '';
  }
  return document.getElementById(elementId)?.innerHTML ?? '';
}

/** Fetches `href` into the HTTP cache at the lowest priority, without applying it. */
function prefetch(href: string): void {
  if (document.querySelector(`link[rel="prefetch"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = 'style';
  link.href = href;
  document.head.appendChild(link);
}

/** Runs `then` once the page's load event has passed and the browser has a moment; returns a cancel. */
function whenLoadedAndIdle(then: () => void): () => void {
  let cancelIdle = () => {};
  const onIdle = () => {
    // Safari has no requestIdleCallback: a task after the load event is the nearest it has.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(then, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(then, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') onIdle();
  else window.addEventListener('load', onIdle, { once: true });
  return () => {
    window.removeEventListener('load', onIdle);
    cancelIdle();
  };
}
