import {
  byTime,
  festivalDayOf,
  festivalDays,
  indiaDate,
  sessionTitle,
  timeRange,
  type TimetableSession,
} from '@/lib/timetable';

/*
 * What the schedule page decides in the browser, never on the server (the page is cached, so the server
 * cannot know when it is read): which festival day is today, and what is on now and next. Pure, so the
 * rules are tested without a browser; the page's pieces (today-first script, now-and-next strip) use them.
 */

/** A session as the now-and-next strip needs it: small, because it travels in the page's payload. */
export interface LiveSession {
  id: number;
  /** "Robo Wars (Finals)". */
  title: string;
  venue: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

export function toLiveSessions(sessions: readonly TimetableSession[]): LiveSession[] {
  return byTime(sessions).map((s) => ({
    id: s.id,
    title: sessionTitle(s),
    venue: s.venueName,
    start: Date.parse(s.startsAt),
    end: Date.parse(s.endsAt),
  }));
}

/** The festival day (1 to 4) an instant falls on in India, or null outside the festival. */
export function festivalDayNumber(nowMs: number): number | null {
  return festivalDayOf(new Date(nowMs))?.number ?? null;
}

export interface NowAndNext {
  /** Sessions in progress, in time order. */
  now: LiveSession[];
  /** The sessions starting next: every one sharing the earliest start still to come. */
  next: LiveSession[];
}

/** `sessions` must be in time order (toLiveSessions gives them so). */
export function nowAndNext(sessions: readonly LiveSession[], nowMs: number): NowAndNext {
  const now = sessions.filter((s) => s.start <= nowMs && nowMs < s.end);
  const upcoming = sessions.filter((s) => s.start > nowMs);
  const nextStart = upcoming[0]?.start;
  return { now, next: upcoming.filter((s) => s.start === nextStart) };
}

/** Whether two instants fall on the same date in India. */
export function sameIndiaDay(aMs: number, bMs: number): boolean {
  return indiaDate(new Date(aMs)) === indiaDate(new Date(bMs));
}

/** A strip line's time: "10:00–12:30" today, "Day 3, 09:00–11:00" on another day. */
export function liveWhen(session: LiveSession, nowMs: number): string {
  const range = timeRange(new Date(session.start), new Date(session.end));
  const day = sameIndiaDay(session.start, nowMs) ? null : festivalDayOf(new Date(session.start));
  return day ? `${day.label}, ${range}` : range;
}

/** Whether two answers of nowAndNext show the same sessions (the strip then leaves its text alone). */
export function sameSessions(a: NowAndNext, b: NowAndNext): boolean {
  const ids = (list: LiveSession[]) => list.map((s) => s.id).join(',');
  return ids(a.now) === ids(b.now) && ids(a.next) === ids(b.next);
}

/**
 * At most `room` lines: every session when they fit, otherwise one line fewer and a count of the rest
 * (the strip has a fixed height, so that its filling in after hydration moves nothing on the page).
 */
export function fitLines<T>(list: readonly T[], room: number): { shown: T[]; more: number } {
  if (list.length <= room) return { shown: [...list], more: 0 };
  return { shown: list.slice(0, room - 1), more: list.length - (room - 1) };
}

/** The attribute the schedule's <main> carries while the festival is on: today's day number. */
export const todayAttribute = 'data-today';

/**
 * The inline script that marks today on the schedule before the first paint (so today's day is drawn first
 * from the start, with no shift after hydration). It runs as the page is parsed, sets the attribute on its
 * parent (the schedule's <main>) and touches nothing React renders. Self-contained: India's date is the
 * clock plus 5:30, looked up among the festival's dates.
 */
export function todayScript(): string {
  const dates = Object.fromEntries(festivalDays.map((d) => [d.date, d.number]));
  return (
    `(function(s){var n=${JSON.stringify(dates)}[new Date(Date.now()+198e5).toISOString().slice(0,10)];` +
    `if(n&&s)s.parentNode.setAttribute(${JSON.stringify(todayAttribute)},String(n))})(document.currentScript)`
  );
}

/** CSS putting today's day first among the days while `todayAttribute` names it. */
export function todayFirstCss(): string {
  return festivalDays
    .map((d) => `[${todayAttribute}="${d.number}"] [data-day="${d.number}"]{order:-1}`)
    .join('');
}
