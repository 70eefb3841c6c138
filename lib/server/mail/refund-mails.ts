import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { formatPrice } from '@/lib/money';
import { escapeHtml, mailLayout, plainTextHtml } from './layout';
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

/**
 * Told to a participant who cancelled something themselves: what, and what comes back under the item's
 * refund policy (the one mail of that refund).
 */
export function ownCancellationMail(
  to: { email: string; fullName: string },
  input: { what: string; refundPaise: number; refundLabel: string },
): MailMessage {
  const subject = `${festivalTitle}: you cancelled ${input.what}`;
  const lines = [
    `Hello ${to.fullName},`,
    '',
    `As you asked from your profile, ${input.what} is cancelled.`,
    input.refundPaise > 0
      ? `${formatPrice({ paise: input.refundPaise })} is refunded to your original payment method; banks usually show it within 5 to 7 working days.`
      : input.refundLabel,
    'If this was not you, please contact the organisers at once.',
    '',
    `The ${festivalTitle} team`,
  ];
  const text = lines.join('\n');
  return { to: to.email, subject, text, html: plainTextHtml(subject, text) };
}

/** Told to each other member of a team whose leader cancelled its registration. */
export function teamCancelledMail(
  to: { email: string; fullName: string },
  input: { eventName: string; leaderName: string; teamName: string | null },
): MailMessage {
  const team = input.teamName ? `team ${input.teamName}` : 'your team';
  const subject = `${festivalTitle}: ${input.leaderName} cancelled ${team}'s registration for ${input.eventName}`;
  const lines = [
    `Hello ${to.fullName},`,
    '',
    `${input.leaderName}, the leader of ${team}, has cancelled its registration for ${input.eventName}. You are no longer registered for it.`,
    'You may register again, in another team or alone, while registration is open.',
    '',
    `The ${festivalTitle} team`,
  ];
  const text = lines.join('\n');
  return { to: to.email, subject, text, html: plainTextHtml(subject, text) };
}

/** Told to a participant whose cancellation an organiser undid: the thing is theirs again. */
export function cancellationUndoneMail(
  to: { email: string; fullName: string },
  input: { summary: string },
): MailMessage {
  const subject = `${festivalTitle}: your cancellation was undone`;
  const lines = [
    `Hello ${to.fullName},`,
    '',
    `The organisers have undone your cancellation of ${input.summary}: it is yours again, as before.`,
    'If you did not ask for this, please contact the organisers.',
    '',
    `The ${festivalTitle} team`,
  ];
  const text = lines.join('\n');
  return { to: to.email, subject, text, html: plainTextHtml(subject, text) };
}
