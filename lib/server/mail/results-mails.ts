import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { sessionWhen } from '@/lib/timetable';
import { plainTextHtml } from './layout';
import type { MailMessage } from './mail-service';

/** Where those who go through meet next, from the timetable; null when it has no later round. */
export interface NextRoundDetails {
  name: string;
  startsAt: Date;
  endsAt: Date;
  venueName: string;
  venueMapUrl: string | null;
}

/** Told once to each member of an entry that goes through from a round. */
export function advancementMail(
  to: { email: string; fullName: string },
  details: { eventName: string; roundName: string; entryName: string; next: NextRoundDetails | null },
): MailMessage {
  const { eventName, roundName, entryName, next } = details;
  const subject = `${festivalTitle}: you go through from ${roundName} of ${eventName}`;
  const where = next
    ? [
        `Next: ${next.name}, ${sessionWhen(next)}`,
        `Venue: ${next.venueName}`,
        ...(next.venueMapUrl ? [`Map: ${next.venueMapUrl}`] : []),
      ]
    : ['The organisers will tell you when and where the next round is.'];
  const text = [
    `Hello ${to.fullName},`,
    '',
    `Congratulations: ${entryName} goes through from ${roundName} of ${eventName}.`,
    '',
    ...where,
    '',
    'Your profile shows your timetable as it is now.',
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  return { to: to.email, subject, text, html: plainTextHtml(subject, text) };
}
