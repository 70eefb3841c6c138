import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { escapeHtml, mailLayout } from './layout';
import type { MailMessage } from './mail-service';

/**
 * The waiting list's offer: a unit of `label` is held for the first in line until `expiresAt`; the link
 * leads straight to paying (or registering, for a free option). The button and the bare link carry the
 * same address, so a mail client that strips links still shows where to go.
 */
export function offerMail(
  to: string,
  offer: { label: string; link: string; expiresAt: Date; free: boolean },
): MailMessage {
  const until = offer.expiresAt.toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const action = offer.free ? 'register' : 'pay';
  const subject = `A place is free for you: ${offer.label}`;
  const opening = `Good news: a place of ${offer.label} has been freed, and you are first on its waiting list.`;
  const held = `It is held for you until ${until} (India time). To take it, ${action} here:`;
  const closing = 'If you do nothing, the place passes to the next person in line.';
  const button = offer.free ? 'Register now' : 'Pay now';
  const html = mailLayout(
    subject,
    `<p>${escapeHtml(opening)}</p>
<p>${escapeHtml(held)}</p>
<p><a href="${escapeHtml(offer.link)}" style="display:inline-block;padding:12px 20px;background:#7c2d12;color:#f5ecd7;text-decoration:none;border-radius:8px;font-weight:bold">${button}</a></p>
<p style="font-size:13px;word-break:break-all">${escapeHtml(offer.link)}</p>
<p>${escapeHtml(closing)}</p>
<p>The ${escapeHtml(festivalTitle)} team</p>`,
  );
  return {
    to,
    subject,
    text: [opening, held, offer.link, closing, `The ${festivalTitle} team`].join('\n\n'),
    html,
  };
}
