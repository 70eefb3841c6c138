import { festival } from '@/lib/festival';

/**
 * The festival's timetable rules, shared by the server (console checks, mails, calendar files) and the
 * pages (schedule, event cards, the profile): which day a time falls on, what overlaps, how a time reads.
 * Every time is an instant (ISO string or Date); days and clock times are India's (one offset all year).
 */

/** One sitting of an event, as every reader of the timetable sees it. */
export interface TimetableSession {
  id: number;
  eventId: number;
  eventName: string;
  /** Prelims, Finals, ...; null when the event has one sitting. */
  roundName: string | null;
  venueId: number;
  venueName: string;
  venueMapUrl: string | null;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  /** The calendar entry's SEQUENCE: raised on every change of time or venue. */
  sequence: number;
}

export const festivalOffset = '+05:30';
const offsetMs = (5 * 60 + 30) * 60_000;

export interface FestivalDay {
  /** 1 to 4. */
  number: number;
  label: string;
  /** YYYY-MM-DD in India. */
  date: string;
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Day 1 to Day 4, from the festival's first to its last date. */
export const festivalDays: FestivalDay[] = (() => {
  const days: FestivalDay[] = [];
  for (
    let date: string = festival.startDate, n = 1;
    date <= festival.endDate;
    date = addDays(date, 1), n += 1
  ) {
    days.push({ number: n, label: `Day ${n}`, date });
  }
  return days;
})();

/** The festival runs from the first day's midnight to the last day's, India time. */
export const festivalStart = new Date(`${festival.startDate}T00:00:00${festivalOffset}`);
export const festivalEnd = new Date(`${addDays(festival.endDate, 1)}T00:00:00${festivalOffset}`);

const toDate = (t: string | Date) => (typeof t === 'string' ? new Date(t) : t);

/** The India date (YYYY-MM-DD) of an instant. */
export function indiaDate(t: string | Date): string {
  return new Date(toDate(t).getTime() + offsetMs).toISOString().slice(0, 10);
}

/** The festival day an instant falls on, or null outside the festival. */
export function festivalDayOf(t: string | Date): FestivalDay | null {
  const date = indiaDate(t);
  return festivalDays.find((d) => d.date === date) ?? null;
}

/** Whether a session lies wholly within the festival days. */
export function withinFestival(start: Date, end: Date): boolean {
  return start >= festivalStart && end <= festivalEnd;
}

interface Span {
  startsAt: string | Date;
  endsAt: string | Date;
}

/** Two sittings overlap when each starts before the other ends (back to back is not a clash). */
export function overlaps(a: Span, b: Span): boolean {
  return toDate(a.startsAt) < toDate(b.endsAt) && toDate(b.startsAt) < toDate(a.endsAt);
}

/** Sessions in time order (then by event name), the order every list of them is shown in. */
export function byTime<T extends Span & { eventName?: string }>(sessions: readonly T[]): T[] {
  return [...sessions].sort(
    (a, b) =>
      toDate(a.startsAt).getTime() - toDate(b.startsAt).getTime() ||
      toDate(a.endsAt).getTime() - toDate(b.endsAt).getTime() ||
      (a.eventName ?? '').localeCompare(b.eventName ?? ''),
  );
}

/** Every overlapping pair (earlier first) that `counts` accepts: one sweep over the sessions in time order. */
function overlappingPairs<T extends Span>(sessions: readonly T[], counts: (a: T, b: T) => boolean): [T, T][] {
  const pairs: [T, T][] = [];
  const sorted = byTime(sessions);
  for (let i = 0; i < sorted.length; i += 1) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j += 1) {
      const b = sorted[j]!;
      // Sorted by start: nothing further on can begin before this one ends.
      if (toDate(b.startsAt) >= toDate(a.endsAt)) break;
      if (counts(a, b) && overlaps(a, b)) pairs.push([a, b]);
    }
  }
  return pairs;
}

/**
 * Every pair of sessions in the same venue whose times overlap, each pair once (earlier first). Two
 * sittings of the same event in one place clash too.
 */
export function venueClashes<T extends Span & { id: number; venueId: number }>(
  sessions: readonly T[],
): [T, T][] {
  return overlappingPairs(sessions, (a, b) => a.venueId === b.venueId);
}

/**
 * For someone's own timetable: the sessions of different events that overlap, as pairs. Two sittings of
 * one event never count (they are the same registration).
 */
export function eventOverlaps<T extends Span & { id: number; eventId: number }>(
  sessions: readonly T[],
): [T, T][] {
  return overlappingPairs(sessions, (a, b) => a.eventId !== b.eventId);
}

const clock = new Intl.DateTimeFormat('en-IN', {
  timeZone: festival.timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayAndMonth = new Intl.DateTimeFormat('en-IN', {
  timeZone: festival.timeZone,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** "14:00" in India time. */
export function clockTime(t: string | Date): string {
  return clock.format(toDate(t));
}

/** "10:00–12:30" in India time. */
export function timeRange(start: string | Date, end: string | Date): string {
  return `${clockTime(start)}–${clockTime(end)}`;
}

/** "Sat, 20 Feb" in India time. */
export function dayLabel(t: string | Date): string {
  return dayAndMonth.format(toDate(t));
}

/** "Day 1, Sat, 20 Feb, 10:00–12:30": a session's time in a sentence, a mail or a list. */
export function sessionWhen(session: Span): string {
  const day = festivalDayOf(session.startsAt);
  const prefix = day ? `${day.label}, ` : '';
  return `${prefix}${dayLabel(session.startsAt)}, ${timeRange(session.startsAt, session.endsAt)}`;
}

/** An event's name with its round: "Robo Wars (Finals)". */
export function sessionTitle(session: { eventName: string; roundName: string | null }): string {
  return session.roundName ? `${session.eventName} (${session.roundName})` : session.eventName;
}

/** The `datetime-local` value (India time, no zone) of an instant, for the console's fields. */
export function localInputValue(t: string | Date): string {
  return new Date(toDate(t).getTime() + offsetMs).toISOString().slice(0, 16);
}
