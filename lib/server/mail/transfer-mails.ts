import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { formatDateTime } from '@/lib/format';
import { env } from '@/lib/server/env';
import { plainTextHtml } from './layout';
import type { MailMessage } from './mail-service';
import { messageWithPass, type PassMailPart } from './pass-mail';

/*
 * The mails of a transfer (docs/own-changes.md): the receiver is told of the offer once; when it is
 * accepted, each side is told once what moved (the receiver with their pass).
 */

type Person = { email: string; fullName: string };

function profileUrl(): string {
  return `${env().SITE_URL.replace(/\/$/, '')}/profile`;
}

/** To the receiver: someone offers them a place, to accept or decline from the profile before the freeze. */
export function transferOfferedMail(
  to: Person,
  input: { giverName: string; summary: string; freezeAt: Date; isStay: boolean },
): MailMessage {
  const subject = `${festivalTitle}: ${input.giverName} offers you their place (${input.summary})`;
  const text = [
    `Hello ${to.fullName},`,
    '',
    `${input.giverName} would like to give you their place: ${input.summary}.`,
    `To accept or decline, open your profile: ${profileUrl()}`,
    input.isStay
      ? 'A stay needs your own identity proof, which you upload when you accept.'
      : 'Once you accept, the place is yours, with its calendar entries and a festival pass.',
    `The offer can be accepted until ${formatDateTime(input.freezeAt)} (India time).`,
    'If you do not know this person, you can simply decline or ignore this mail.',
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  return { to: to.email, subject, text, html: plainTextHtml(subject, text) };
}

/** To the receiver once they accepted: the place is theirs, with their pass. */
export function transferReceivedMail(
  to: Person,
  input: { giverName: string; summary: string },
  pass: PassMailPart | null,
): MailMessage {
  const subject = `${festivalTitle}: ${input.summary} is now yours`;
  const lines = [
    `Hello ${to.fullName},`,
    '',
    `You accepted the place ${input.giverName} gave you: ${input.summary}. It is now yours.`,
    'Your timetable and calendar in your profile show it from now on, and your festival pass covers it.',
  ];
  return messageWithPass(to.email, subject, lines, pass);
}

/** To the giver once the receiver accepted: the place is no longer theirs. */
export function transferGivenMail(to: Person, input: { receiverName: string; summary: string }): MailMessage {
  const subject = `${festivalTitle}: you gave your place (${input.summary}) to ${input.receiverName}`;
  const text = [
    `Hello ${to.fullName},`,
    '',
    `${input.receiverName} accepted your place: ${input.summary}. It is theirs now.`,
    'It no longer appears in your timetable or calendar, and your festival pass no longer covers it.',
    'If this was not you, please contact the organisers at once.',
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  return { to: to.email, subject, text, html: plainTextHtml(subject, text) };
}
