import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { plainTextHtml } from './layout';
import type { MailMessage } from './mail-service';

/**
 * Told to a buyer who changed a T-shirt's size from the profile: the one mail of the change, so the
 * merchandise desk's copy of the order and the buyer's agree.
 */
export function sizeChangedMail(
  to: { email: string; fullName: string },
  change: { productName: string; fromSize: string; toSize: string; qty: number },
): MailMessage {
  const subject = `${festivalTitle}: your ${change.productName} is now size ${change.toSize}`;
  const units = change.qty === 1 ? '' : ` (${change.qty} of them)`;
  const lines = [
    `Hello ${to.fullName},`,
    '',
    `As you asked from your profile, your ${change.productName}${units} changed from size ${change.fromSize} to size ${change.toSize}.`,
    'The price is the same, so nothing more is paid and nothing is refunded.',
    'Collect it at the merchandise desk during the festival with this mail and a photo ID.',
    'If this was not you, please contact the organisers at once.',
    '',
    `The ${festivalTitle} team`,
  ];
  const text = lines.join('\n');
  return { to: to.email, subject, text, html: plainTextHtml(subject, text) };
}
