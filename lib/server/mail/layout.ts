import 'server-only';
import { festival, festivalTitle, venueLine } from '@/lib/festival';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The frame every HTML mail shares: festival name on top, contacts at the bottom. */
export function mailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f5ecd7;font-family:Georgia,serif;color:#1c1433">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;letter-spacing:2px;color:#7c2d12">${escapeHtml(festivalTitle)}</h1>
${bodyHtml}
<hr style="border:none;border-top:1px solid #d6c7a1;margin:24px 0">
<p style="font-size:13px;color:#5b4b3a">${escapeHtml(festival.name)} · ${escapeHtml(venueLine())} · ${escapeHtml(festival.emails[0])}</p>
</div></body></html>`;
}

/** The HTML body of a plain-text mail: its lines, escaped, in one paragraph inside the shared frame. */
export function plainTextHtml(title: string, text: string): string {
  return mailLayout(title, `<p>${text.split('\n').map(escapeHtml).join('<br>')}</p>`);
}
