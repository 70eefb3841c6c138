import 'server-only';
import { festival, festivalTitle, venueLine } from '@/lib/festival';
import { sessionTitle, sessionWhen, type TimetableSession } from '@/lib/timetable';
import { calendarFile, type CalendarEntry } from './ics';
import { plainTextHtml } from './layout';
import type { MailAttachment, MailMessage } from './mail-service';
import type { PushPayload } from '@/lib/server/push/send-push';

/*
 * The timetable in mails and calendar files. Every session is one calendar entry with one UID for its
 * whole life, whoever holds it (the confirmation, the profile's file, a change mail), and its SEQUENCE
 * rises with every change of time or venue: a calendar app moves or removes the entry it already has.
 */

/** Where a session happens, as a calendar's location and a mail's "Where". */
export function sessionPlace(session: Pick<TimetableSession, 'venueName'>): string {
  return `${session.venueName}, ${festival.venue.name}, ${venueLine()}`;
}

export function sessionCalendarEntry(
  session: TimetableSession,
  options: { description?: string; cancelled?: boolean } = {},
): CalendarEntry {
  const map = session.venueMapUrl ? ` Map: ${session.venueMapUrl}` : '';
  return {
    uid: `session-${session.id}@aetherfest.example`,
    sequence: session.sequence,
    title: `${sessionTitle(session)} · ${festival.name}`,
    description: `${options.description ?? `${festivalTitle}.`}${map}`,
    location: sessionPlace(session),
    start: new Date(session.startsAt),
    end: new Date(session.endsAt),
    cancelled: options.cancelled,
  };
}

export function calendarAttachment(filename: string, content: string): MailAttachment {
  return { filename, contentType: 'text/calendar; charset=utf-8', content };
}

/** A participant's whole festival, one entry per session (the profile's download). */
export function timetableCalendar(sessions: TimetableSession[]): string {
  return calendarFile(sessions.map((s) => sessionCalendarEntry(s)));
}

export type SessionChange =
  | { kind: 'moved'; before: TimetableSession; after: TimetableSession }
  | { kind: 'cancelled'; before: TimetableSession };

/** Told to every registered member of an event when one of its sessions moves or is cancelled. */
export function sessionChangeMail(
  to: { email: string; fullName: string },
  change: SessionChange,
): MailMessage {
  const { before } = change;
  const title = sessionTitle(before);
  if (change.kind === 'cancelled') {
    const subject = `${festivalTitle}: ${title} on ${sessionWhen(before)} is cancelled`;
    const text = [
      `Hello ${to.fullName},`,
      '',
      `The organisers have cancelled this session of ${before.eventName}, which you are registered for:`,
      `  ${title}: ${sessionWhen(before)}, ${before.venueName}`,
      '',
      'Your registration stays. The attached calendar file removes the session from your calendar; your profile shows your timetable as it is now.',
      '',
      `The ${festivalTitle} team`,
    ].join('\n');
    const cancelled = { ...before, sequence: before.sequence + 1 };
    return {
      to: to.email,
      subject,
      text,
      html: plainTextHtml(subject, text),
      attachments: [
        calendarAttachment(
          'cancelled.ics',
          calendarFile([sessionCalendarEntry(cancelled, { cancelled: true })]),
        ),
      ],
    };
  }
  const { after } = change;
  const moved = before.startsAt !== after.startsAt || before.endsAt !== after.endsAt;
  const newPlace = before.venueId !== after.venueId;
  const what = moved && newPlace ? 'time and venue' : moved ? 'time' : 'venue';
  const subject = `${festivalTitle}: new ${what} for ${sessionTitle(after)}`;
  const text = [
    `Hello ${to.fullName},`,
    '',
    `The ${what} of ${sessionTitle(after)}, which you are registered for, has changed.`,
    '',
    `Now: ${sessionWhen(after)}, ${after.venueName}`,
    `Was: ${sessionWhen(before)}, ${before.venueName}`,
    ...(after.venueMapUrl ? [`Map: ${after.venueMapUrl}`] : []),
    '',
    'The attached calendar file moves the session in your calendar; your profile shows your timetable as it is now.',
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  return {
    to: to.email,
    subject,
    text,
    html: plainTextHtml(subject, text),
    attachments: [calendarAttachment('session.ics', calendarFile([sessionCalendarEntry(after)]))],
  };
}

/** The push that goes with a change mail: what changed, in a line, opening the profile's timetable. */
export function sessionChangePush(change: SessionChange): PushPayload {
  const { before } = change;
  if (change.kind === 'cancelled') {
    return {
      title: `Cancelled: ${sessionTitle(before)}`,
      body: `${sessionWhen(before)}, ${before.venueName} is cancelled. Your registration stays.`,
      url: '/profile',
      tag: `timetable:${before.id}:${before.sequence + 1}`,
    };
  }
  const { after } = change;
  return {
    title: `Changed: ${sessionTitle(after)}`,
    body: `Now ${sessionWhen(after)}, ${after.venueName}.`,
    url: after.venueMapUrl ?? '/profile',
    tag: `timetable:${after.id}:${after.sequence}`,
  };
}
