import type { AdminSession, VenueClash } from '@/lib/schemas/admin-timetable';
import { festivalDayOf, sessionTitle, sessionWhen, timeRange } from '@/lib/timetable';

/*
 * The sentences the timetable console shows: clashes in words (never colour alone), who a change was
 * mailed to, how many of something. Kept apart from the components so each row says them the same way.
 */

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type ClashSide = VenueClash['first'];

const sideText = (side: ClashSide) => `${side.title} ${timeRange(side.startsAt, side.endsAt)}`;

/** What a session's row says of each session it clashes with: "Clashes with Robo Wars (Finals) 10:00–12:00 at Lab 1". */
export function clashNotes(sessionId: number, clashes: readonly VenueClash[]): string[] {
  return clashes.flatMap((clash) => {
    const other =
      clash.first.id === sessionId ? clash.second : clash.second.id === sessionId ? clash.first : null;
    return other ? [`Clashes with ${sideText(other)} at ${clash.venueName}`] : [];
  });
}

/** One clash in the summary: "Day 1, Lab 1: Robo Wars (Finals) 10:00–12:00 and Code Golf 11:00–13:00". */
export function clashLine(clash: VenueClash): string {
  const day = festivalDayOf(clash.first.startsAt)?.label;
  const where = day ? `${day}, ${clash.venueName}` : clash.venueName;
  return `${where}: ${sideText(clash.first)} and ${sideText(clash.second)}`;
}

/** How the buttons of a session's row name it for a screen reader: "Robo Wars (Finals), Day 1, Sat, 20 Feb, 10:00–12:00". */
export function sessionAbout(session: AdminSession): string {
  return `${sessionTitle(session)}, ${sessionWhen(session)}`;
}

/** Said once a change is saved: how many registered members the server mailed. */
export function mailedNote(membersMailed: number, kind: 'moved' | 'cancelled'): string {
  if (membersMailed === 0) return 'Nobody was mailed.';
  const what = kind === 'moved' ? 'the new time and calendar file' : 'the cancellation';
  return `${plural(membersMailed, 'registered member was', 'registered members were')} mailed ${what}.`;
}

/** Warned before a change to a session whose event has registrations. */
export function changeWarning(session: AdminSession): string | null {
  if (session.registrationCount === 0) return null;
  return (
    `${session.eventName} has ${plural(session.registrationCount, 'registration')}: a new time or venue, ` +
    'or deleting this session, mails every registered member once (a new round name alone mails nobody).'
  );
}
