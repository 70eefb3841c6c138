import {
  byTime,
  dayLabel,
  festivalDayOf,
  indiaDate,
  sessionTitle,
  type TimetableSession,
} from '@/lib/timetable';

/**
 * The profile's timetable, free of React: the sessions grouped by festival day in time order, each with
 * the titles of the other registered events it overlaps (from the API's pairs of session ids).
 */

export interface MyTimetable {
  sessions: TimetableSession[];
  /** Pairs of session ids of different events whose times overlap. */
  overlaps: [number, number][];
}

export interface TimetableEntry {
  session: TimetableSession;
  /** "Robo Wars (Finals)" for each session of another event at the same time. */
  overlapsWith: string[];
}

export interface TimetableDay {
  /** The India date, YYYY-MM-DD: a key and a heading id. */
  date: string;
  /** "Day 2 · Sun, 21 Feb" (or just the date outside the festival days, which the console refuses). */
  heading: string;
  entries: TimetableEntry[];
}

export function timetableDays({ sessions, overlaps }: MyTimetable): TimetableDay[] {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const clashes = new Map<number, TimetableSession[]>();
  for (const [a, b] of overlaps) {
    const first = byId.get(a);
    const second = byId.get(b);
    if (!first || !second) continue;
    clashes.set(a, [...(clashes.get(a) ?? []), second]);
    clashes.set(b, [...(clashes.get(b) ?? []), first]);
  }
  const days: TimetableDay[] = [];
  for (const session of byTime(sessions)) {
    const date = indiaDate(session.startsAt);
    let day = days.find((d) => d.date === date);
    if (!day) {
      const festivalDay = festivalDayOf(session.startsAt);
      const label = dayLabel(session.startsAt);
      day = { date, heading: festivalDay ? `${festivalDay.label} · ${label}` : label, entries: [] };
      days.push(day);
    }
    const others = byTime(clashes.get(session.id) ?? []).map(sessionTitle);
    day.entries.push({ session, overlapsWith: [...new Set(others)] });
  }
  return days;
}

/** "Overlaps with Robo Wars (Finals) and Quiz": the flag beside a session. */
export function overlapSentence(titles: string[]): string {
  if (titles.length <= 1) return `Overlaps with ${titles[0] ?? ''}`;
  return `Overlaps with ${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

/** A saved answer read back from storage, or null when it is missing or not the shape it should be. */
export function parseSavedTimetable(text: string | null): MyTimetable | null {
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<MyTimetable>;
    if (!Array.isArray(saved.sessions) || !Array.isArray(saved.overlaps)) return null;
    const wellFormed = saved.sessions.every(
      (s) =>
        typeof s?.id === 'number' &&
        typeof s.eventName === 'string' &&
        typeof s.venueName === 'string' &&
        typeof s.startsAt === 'string' &&
        typeof s.endsAt === 'string',
    );
    return wellFormed ? { sessions: saved.sessions, overlaps: saved.overlaps } : null;
  } catch {
    return null;
  }
}
