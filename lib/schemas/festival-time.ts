import { z } from 'zod';
import { festivalOffset } from '@/lib/timetable';
import { isCalendarDate } from './calendar';

/*
 * A date and time typed by an organiser: an ISO date-time with its zone, or the console's `datetime-local`
 * value, which is festival time (India has one offset all year). Answers an ISO instant.
 */

const localDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const zonedDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The time of 'YYYY-MM-DDTHH:MM[:SS]...' within a day (new Date() takes 24:00 as the next day's midnight). */
function realTime(value: string): boolean {
  const match = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3] ?? 0) <= 59;
}

/** The instant a typed date-time names, or null when it names none (30 February, 25:00, no zone). */
export function parseFestivalDateTime(value: string): Date | null {
  const withZone = localDateTime.test(value) ? `${value}${festivalOffset}` : value;
  const when = new Date(withZone);
  const year = when.getUTCFullYear();
  // new Date() rolls 30 February into March: the day as typed must exist, and so must the time.
  const realDay = isCalendarDate(withZone.slice(0, 10), 2000, 2100) && realTime(withZone);
  if (
    !zonedDateTime.test(withZone) ||
    !realDay ||
    Number.isNaN(when.getTime()) ||
    year < 2000 ||
    year > 2100
  ) {
    return null;
  }
  return when;
}

/** A required date-time field; `what` names it in messages ("Start time"). */
export const festivalDateTime = (what: string) =>
  z
    .string(`${what} must be a date and time.`)
    .trim()
    .min(1, `${what} is required.`)
    .transform((v, ctx): string => {
      const when = parseFestivalDateTime(v);
      if (!when) {
        ctx.addIssue({ code: 'custom', message: `${what} must be a real date and time.` });
        return z.NEVER;
      }
      return when.toISOString();
    });
