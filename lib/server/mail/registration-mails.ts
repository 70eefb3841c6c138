import 'server-only';
import { festival, festivalTitle, venueLine } from '@/lib/festival';
import { formatPrice } from '@/lib/money';
import { sessionWhen, type TimetableSession } from '@/lib/timetable';
import { calendarFile, calendarInvite } from './ics';
import { calendarAttachment, sessionCalendarEntry } from './timetable-mails';
import { escapeHtml, mailLayout, plainTextHtml } from './layout';
import type { MailMessage } from './mail-service';
import { passAttachment, passHtml, passTextLines, type PassMailPart } from './pass-mail';

export interface RegistrationDetails {
  registrationId: string;
  eventName: string;
  optionName: string;
  teamName: string | null;
  /** Live members, leader first; memberId is the membership row (for a teammate's leave link). */
  members: { memberId: string; fullName: string; email: string; isLeader: boolean }[];
  amountPaise: number;
  pocs: { name: string; phone: string }[];
  startsAt: Date | null;
  venue: string | null;
  /** The event's timetable; when empty, the event's own start time and venue (if any) stand in. */
  sessions: TimetableSession[];
}

const leaveSentence =
  'Did not agree to join this team? You can leave it, and register for this event elsewhere, here:';

/** The sessions, one line each: "Finals: Day 2, Sun, 21 Feb, 10:00–12:00, Sports Ground". */
function sessionLines(details: RegistrationDetails): string[] {
  return details.sessions.map(
    (s) => `${s.roundName ? `${s.roundName}: ` : ''}${sessionWhen(s)}, ${s.venueName}`,
  );
}

function when(details: RegistrationDetails): string {
  if (!details.startsAt) return `during ${festivalTitle} (20 to 23 February)`;
  return details.startsAt.toLocaleString('en-IN', {
    timeZone: festival.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function where(details: RegistrationDetails): string {
  return details.venue ? `${details.venue}, ${festival.venue.name}` : festival.venue.name;
}

/**
 * The confirmation every team member receives, with the event as a calendar file. A teammate's (not the
 * leader's) carries `leaveUrl`: someone may have put them in a team they never agreed to join.
 */
export function registrationConfirmationMail(
  to: { email: string; fullName: string },
  details: RegistrationDetails,
  pass?: PassMailPart | null,
  leaveUrl?: string | null,
): MailMessage {
  const subject = `${festivalTitle}: you are registered for ${details.eventName}`;
  const paid =
    details.amountPaise > 0 ? `${formatPrice({ paise: details.amountPaise })} paid` : 'Free registration';
  const memberLines = details.members.map(
    (m) => `${m.fullName} <${m.email}>${m.isLeader ? ' (leader)' : ''}`,
  );
  const pocLines = details.pocs.map((p) => `${p.name}: ${p.phone}`);
  const text = [
    `Hello ${to.fullName},`,
    '',
    `You are registered for ${details.eventName} at ${festivalTitle}.`,
    '',
    `Option: ${details.optionName}`,
    ...(details.teamName ? [`Team: ${details.teamName}`] : []),
    `Members:`,
    ...memberLines.map((l) => `  - ${l}`),
    `Payment: ${paid}`,
    ...(details.sessions.length > 0
      ? [
          'When and where:',
          ...sessionLines(details).map((l) => `  - ${l}`),
          `  (${festival.venue.name}, ${venueLine()})`,
        ]
      : [`When: ${when(details)}`, `Where: ${where(details)}, ${venueLine()}`]),
    '',
    'Points of contact:',
    ...pocLines.map((l) => `  - ${l}`),
    '',
    'Bring your festival pass and a government photo ID. The attached calendar file adds the event to your calendar.',
    ...(leaveUrl ? ['', leaveSentence, leaveUrl] : []),
    ...(pass ? ['', ...passTextLines(pass)] : []),
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeHtml(to.fullName)},</p>
     <p>You are registered for <strong>${escapeHtml(details.eventName)}</strong>.</p>
     <table style="border-collapse:collapse">
       <tr><td style="padding:2px 12px 2px 0">Option</td><td>${escapeHtml(details.optionName)}</td></tr>
       ${details.teamName ? `<tr><td style="padding:2px 12px 2px 0">Team</td><td>${escapeHtml(details.teamName)}</td></tr>` : ''}
       <tr><td style="padding:2px 12px 2px 0;vertical-align:top">Members</td><td>${memberLines.map(escapeHtml).join('<br>')}</td></tr>
       <tr><td style="padding:2px 12px 2px 0">Payment</td><td>${escapeHtml(paid)}</td></tr>
       ${
         details.sessions.length > 0
           ? `<tr><td style="padding:2px 12px 2px 0;vertical-align:top">When and where</td><td>${sessionLines(details).map(escapeHtml).join('<br>')}</td></tr>`
           : `<tr><td style="padding:2px 12px 2px 0">When</td><td>${escapeHtml(when(details))}</td></tr>
       <tr><td style="padding:2px 12px 2px 0">Where</td><td>${escapeHtml(where(details))}</td></tr>`
       }
       <tr><td style="padding:2px 12px 2px 0;vertical-align:top">Contacts</td><td>${pocLines.map(escapeHtml).join('<br>')}</td></tr>
     </table>
     <p>Bring your festival pass and a government photo ID.</p>
     ${leaveUrl ? `<p>${escapeHtml(leaveSentence)} <a href="${escapeHtml(leaveUrl)}">Leave this team</a></p>` : ''}
     ${pass ? passHtml(pass) : ''}`,
  );
  const description = `${details.optionName}${details.teamName ? `, team ${details.teamName}` : ''}. Contacts: ${pocLines.join('; ')}`;
  const start = details.startsAt ?? new Date(`${festival.startDate}T09:00:00+05:30`);
  // With a timetable, each session is its own calendar entry (the UID a later change mail updates).
  const ics =
    details.sessions.length > 0
      ? calendarFile(details.sessions.map((session) => sessionCalendarEntry(session, { description })))
      : calendarInvite({
          uid: `${details.registrationId}@aetherfest.example`,
          title: `${details.eventName} · ${festival.name}`,
          description,
          location: `${where(details)}, ${venueLine()}`,
          start,
          end: new Date(start.getTime() + 2 * 3600_000),
        });
  return {
    to: to.email,
    subject,
    text,
    html,
    attachments: [calendarAttachment('event.ics', ics), ...(pass ? [passAttachment(pass)] : [])],
  };
}

/** Told to the buyer when a payment could not become a registration and was refunded. */
export function refundNoticeMail(
  to: { email: string; fullName: string },
  input: { what: string; amountPaise: number; reason: string },
): MailMessage {
  const subject = `${festivalTitle}: your payment for ${input.what} has been refunded`;
  const text = [
    `Hello ${to.fullName},`,
    '',
    `We received your payment of ${formatPrice({ paise: input.amountPaise })} for ${input.what}, but could not complete it: ${input.reason}`,
    'The full amount has been refunded to your original payment method; banks usually show it within 5 to 7 working days.',
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  return {
    to: to.email,
    subject,
    text,
    html: plainTextHtml(subject, text),
  };
}

/** Told to the leader when a teammate leaves the team by the link in their confirmation. */
export function teamDepartureMail(
  to: { email: string; fullName: string },
  input: {
    details: RegistrationDetails;
    leaverName: string;
    minMembers: number;
  },
): MailMessage {
  const { details } = input;
  const team = details.teamName ? `team ${details.teamName}` : 'your team';
  const subject = `${festivalTitle}: ${input.leaverName} left your team for ${details.eventName}`;
  const remaining = details.members.map((m) => `${m.fullName}${m.isLeader ? ' (leader)' : ''}`);
  const below = details.members.length < input.minMembers;
  const pocLines = details.pocs.map((p) => `${p.name}: ${p.phone}`);
  const text = [
    `Hello ${to.fullName},`,
    '',
    `${input.leaverName} has left ${team} for ${details.eventName}, using the link in their confirmation mail.`,
    '',
    'Members now:',
    ...remaining.map((l) => `  - ${l}`),
    '',
    below
      ? `Your team now has ${details.members.length} member${details.members.length === 1 ? '' : 's'}, below the ${input.minMembers} members ${details.optionName} needs. The registration stays and nothing is refunded automatically; the organisers can see this and may contact you. Please talk to them:`
      : 'The registration stays as it is. Questions? Please talk to the organisers:',
    ...pocLines.map((l) => `  - ${l}`),
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  return {
    to: to.email,
    subject,
    text,
    html: plainTextHtml(subject, text),
  };
}
