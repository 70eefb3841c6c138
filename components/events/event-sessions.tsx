import { sessionWhen, type TimetableSession } from '@/lib/timetable';

/** An event card's sittings, in time order: "Finals: Day 2, Sun, 21 Feb, 10:00–12:30, Main Hall". */
export function EventSessions({ eventName, sessions }: { eventName: string; sessions: TimetableSession[] }) {
  if (sessions.length === 0) return null;
  return (
    <ul aria-label={`When and where: ${eventName}`} className="space-y-1 text-sm text-parchment/85">
      {sessions.map((s) => (
        <li key={s.id}>
          {s.roundName ? <span className="font-semibold text-gold">{s.roundName}: </span> : null}
          <time dateTime={s.startsAt}>{sessionWhen(s)}</time>, {s.venueName}
        </li>
      ))}
    </ul>
  );
}
