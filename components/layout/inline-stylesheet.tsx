'use client';

import { useState } from 'react';
import { stylesheetGlobal } from '@/lib/stylesheet/stylesheet-global';

/** The element's id, by which the browser's first render finds the text the server wrote. */
const elementId = 'site-stylesheet';

/**
 * The site's whole stylesheet inside the document's head, so that a page's first frame needs nothing but
 * its document: a linked stylesheet is a round trip on a new connection before it, on a phone's slow link
 * (docs/performance.md, "On a shaped link").
 *
 * A client component on purpose. What a server component renders also travels in the RSC payload React
 * hydrates from, which would carry the 70 KB a second time in every document (Next's own inlineCss does
 * that). A client component's output is only HTML: on the server it takes the text the root layout left
 * in a global; in the browser it takes the text back from the element the server wrote, so hydration
 * finds exactly what it renders, and after that nothing re-renders it.
 */
export function InlineStylesheet() {
  const [css] = useState(readStylesheet);
  return <style id={elementId} dangerouslySetInnerHTML={{ __html: css }} />;
}

function readStylesheet(): string {
  if (typeof window === 'undefined') {
    return String((globalThis as Record<string, unknown>)[stylesheetGlobal] ?? '');
  }
  return document.getElementById(elementId)?.innerHTML ?? '';
}
