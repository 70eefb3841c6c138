import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { codeLifetimeMinutes } from '@/lib/server/auth/one-time-codes';
import type { MailMessage } from './mail-service';
import { escapeHtml, mailLayout } from './layout';

/** The verification and password-reset code mails. */
export function codeMail(input: {
  to: string;
  firstName: string;
  code: string;
  purpose: 'verify' | 'reset';
}): MailMessage {
  const action = input.purpose === 'verify' ? 'verify your account' : 'reset your password';
  const subject =
    input.purpose === 'verify'
      ? `${festivalTitle}: your verification code is ${input.code}`
      : `${festivalTitle}: your password reset code is ${input.code}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Use this code to ${action} on ${festivalTitle}:`,
    '',
    `    ${input.code}`,
    '',
    `It expires in ${codeLifetimeMinutes} minutes and works once. If you did not ask for it, ignore this mail.`,
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p>
     <p>Use this code to ${action} on ${escapeHtml(festivalTitle)}:</p>
     <p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:24px 0">${input.code}</p>
     <p>It expires in ${codeLifetimeMinutes} minutes and works once. If you did not ask for it, ignore this mail.</p>`,
  );
  return { to: input.to, subject, text, html };
}
