import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { plainTextHtml } from './layout';
import type { MailMessage } from './mail-service';

/** Told to a teammate whom the leader removed from the team from the profile. */
export function removedFromTeamMail(
  to: { email: string; fullName: string },
  input: { eventName: string; leaderName: string; teamName: string | null },
): MailMessage {
  const team = input.teamName ? `team ${input.teamName}` : 'their team';
  const subject = `${festivalTitle}: you are no longer in ${team} for ${input.eventName}`;
  const lines = [
    `Hello ${to.fullName},`,
    '',
    `${input.leaderName}, the team's leader, has removed you from ${team} for ${input.eventName}. You are no longer registered for it, and its sessions are no longer on your festival pass or in your calendar.`,
    'You may register again, in another team or alone, while registration is open.',
    'If you did not expect this, please talk to your team leader or the organisers.',
    '',
    `The ${festivalTitle} team`,
  ];
  const text = lines.join('\n');
  return { to: to.email, subject, text, html: plainTextHtml(subject, text) };
}
