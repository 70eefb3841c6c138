'use client';

import { usePreviewDeployment } from './use-preview-deployment';

/**
 * The "Preview" mark of a preview deployment, on every page. Pages are prerendered once for every
 * deployment, so the mark asks the server after the page has loaded; the answer is cached by the browser
 * (app/api/deployment/route.ts), so a visit asks about once. Outside a preview it renders nothing.
 *
 * Why not a cookie set by proxy.ts: that ran Next's middleware on every public page, 40% of a cached
 * page's server time (docs/performance.md, "HTTP throughput").
 */
export function PreviewMark() {
  const preview = usePreviewDeployment();
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
