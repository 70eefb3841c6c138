'use client';

import { usePreviewDeployment } from './use-preview-deployment';

/**
 * The "Preview" mark of a preview deployment, on every page: in the fixed header, between the logo and the
 * menu button, so it never sits over anything a student taps (a floating badge covered size buttons,
 * toasts and the check-in result on a phone). Pages are prerendered once for every
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
      className="min-w-0 rounded-xl border border-amber-300/70 bg-ink/90 px-2 py-0.5 text-center text-[0.7rem] font-semibold leading-tight text-amber-200 sm:text-xs"
    >
      Preview: no real payments or mail
    </p>
  );
}
