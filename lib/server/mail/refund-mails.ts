import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { formatPrice } from '@/lib/money';
import { escapeHtml, mailLayout } from './layout';
import type { MailMessage } from './mail-service';

/**
 * Told to the buyer when the organisers refund a purchase from the console: what was cancelled, how much
 * goes back, and the organisers' reason when they gave one.
 */
export function organiserRefundMail(
  to: { email: string; fullName: string },
  input: { what: string; amountPaise: number; reason?: string | null },
): MailMessage {
  const subject = `${festivalTitle}: ${input.what} has been cancelled and refunded`;
  const lines = [
    `Hello ${to.fullName},`,
    '',
    `The festival organisers have cancelled ${input.what} and refunded your payment of ${formatPrice({ paise: input.amountPaise })}.`,
    ...(input.reason ? [`Reason: ${input.reason}`] : []),
    'The amount goes back to your original payment method; banks usually show it within 5 to 7 working days.',
    'If you did not expect this, reply to this mail or contact the organisers.',
    '',
    `The ${festivalTitle} team`,
  ];
  const text = lines.join('\n');
  return {
    to: to.email,
    subject,
    text,
    html: mailLayout(subject, `<p>${lines.map(escapeHtml).join('<br>')}</p>`),
  };
}
