'use client';

import { useSyncExternalStore } from 'react';
import { previewCookieName } from '@/lib/preview-cookie';

const noChanges = () => () => {};
const previewCookie = `${previewCookieName}=1`;
const isPreviewPage = () => document.cookie.split('; ').includes(previewCookie);

/**
 * The "Preview" mark of a preview deployment, on every page. Pages are prerendered and cached once for
 * every deployment, so the server says "preview" through a cookie that proxy.ts sets at request time
 * (and clears elsewhere), and the mark reads it in the browser; outside a preview it renders nothing.
 */
export function PreviewMark() {
  const preview = useSyncExternalStore(noChanges, isPreviewPage, () => false);
  if (!preview) return null;
  return (
    <p
      role="note"
      data-testid="preview-mark"
      className="pointer-events-none fixed bottom-3 left-3 z-[70] rounded-full border border-amber-300/70 bg-ink/90 px-3 py-1 text-sm font-semibold text-amber-200 shadow-lg"
    >
      Preview: no real payments or mail
    </p>
  );
}
