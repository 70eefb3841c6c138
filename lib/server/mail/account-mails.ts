import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { codeLifetimeMinutes } from '@/lib/server/auth/one-time-codes';
import { env } from '@/lib/server/env';
import type { MailMessage } from './mail-service';
import { escapeHtml, mailLayout } from './layout';

/*
 * The account mails: the verification and password-reset codes, and the notes sent instead of a code when
 * someone signs up with an e-mail that already has an account. Codes appear only in the body, never in a
 * subject, which lock screens and mail lists show to anyone nearby.
 */

/** The verification and password-reset code mails. */
export function codeMail(input: {
  to: string;
  firstName: string;
  code: string;
  purpose: 'verify' | 'reset' | 'email';
}): MailMessage {
  const action = {
    verify: 'verify your account',
    reset: 'reset your password',
    email: 'confirm this new e-mail address for your account',
  }[input.purpose];
  const subject = {
    verify: `${festivalTitle}: your verification code`,
    reset: `${festivalTitle}: your password reset code`,
    email: `${festivalTitle}: confirm your new e-mail address`,
  }[input.purpose];
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

function noteMail(to: string, firstName: string, subject: string, lines: string[]): MailMessage {
  const text = [
    `Hello ${firstName},`,
    '',
    ...lines.flatMap((l) => [l, '']),
    `The ${festivalTitle} team`,
  ].join('\n');
  const html = mailLayout(
    subject,
    [`<p>Hello ${escapeHtml(firstName)},</p>`, ...lines.map((l) => `<p>${escapeHtml(l)}</p>`)].join('\n'),
  );
  return { to, subject, text, html };
}

/** Sent instead of a code when someone signs up (or asks for a sign-up code) with a verified e-mail. */
export function accountExistsMail(input: { to: string; firstName: string }): MailMessage {
  const site = env().SITE_URL.replace(/\/$/, '');
  return noteMail(input.to, input.firstName, `${festivalTitle}: you already have an account`, [
    `Someone, probably you, tried to sign up on ${festivalTitle} with this e-mail, which already has an account.`,
    `Log in at ${site}/login. If you have forgotten your password, reset it at ${site}/forgot-password.`,
    'If it was not you, you can ignore this mail: nothing has changed.',
  ]);
}

/** Sent when someone signs up again with an e-mail whose sign-up, less than a day old, awaits its code. */
export function pendingSignupMail(input: { to: string; firstName: string }): MailMessage {
  return noteMail(input.to, input.firstName, `${festivalTitle}: finish your sign-up`, [
    `Someone, probably you, tried to sign up again on ${festivalTitle} with this e-mail. Your first sign-up is kept and still waits for verification.`,
    'Enter the code we mailed you on the verification screen, or ask for a new code there. If it was not you, you can ignore this mail.',
  ]);
}

/**
 * Sent to an address someone asked to move their account to while it already belongs to another account:
 * as at sign-up, the asker is answered as if a code went out, and only the address's owner learns of it.
 */
export function addressTakenMail(input: { to: string; firstName: string }): MailMessage {
  return noteMail(input.to, input.firstName, `${festivalTitle}: your e-mail address was offered`, [
    `Someone, probably you from another account, asked to move an account on ${festivalTitle} to this e-mail address, which already has an account. Nothing has changed.`,
    'One address can hold one account. If it was not you, you can ignore this mail.',
  ]);
}

/** Sent to the old address once a new one is confirmed, so a change made by someone else does not go unseen. */
export function emailChangedMail(input: { to: string; firstName: string; newEmail: string }): MailMessage {
  return noteMail(input.to, input.firstName, `${festivalTitle}: your e-mail address was changed`, [
    `The e-mail address of your ${festivalTitle} account was changed to ${input.newEmail}. From now on you log in with that address, and our mails go there.`,
    'You were logged out on your other devices. If you did not make this change, reply to this mail or contact the organisers at once.',
  ]);
}
