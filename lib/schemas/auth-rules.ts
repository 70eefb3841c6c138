import { subYears } from 'date-fns';
import { isCalendarDate } from './calendar';

/**
 * The account rules that are not zod schemas: lengths, the date-of-birth rule, the code's shape and the
 * resend timings. Kept free of zod so the account screens can use them without loading zod up front
 * (their schemas, lib/schemas/auth.ts, load on first validation: components/forms/lazy-zod-resolver.ts).
 */

export const minimumAge = 15;
export const otpLength = 6;

/** Longest name, college name and password a form may send; past these the text is not a real one. */
export const maxLengths = { name: 60, college: 120, email: 254, password: 200 } as const;

/** 'YYYY-MM-DD' of a date in local time. */
export function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The date-of-birth rule: required, not in the future, at least 15 years before `today`. */
export function dobError(dob: string, today: Date = new Date()): string | null {
  if (!dob) return 'Date of birth is required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob)) return 'Date of birth is required';
  // A day that exists, not 30 February or the year 0 (Date.parse would roll them into another day).
  if (!isCalendarDate(dob, 1900, 9999)) return 'Date of birth must be a real date';
  if (dob > isoDay(today)) return 'Date of birth cannot be in the future';
  if (dob > isoDay(subYears(today, minimumAge))) return `You must be at least ${minimumAge} years old`;
  return null;
}

export const genders = ['male', 'female', 'other'] as const;

/** The forgot-password screen's "basic e-mail pattern" that enables its button. */
export const basicEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Keeps digits only, at most six: what the code inputs accept as the visitor types. */
export function digitsOnly(value: string, max = otpLength): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Seconds a visitor waits between two requests for a new code. */
export const resendCooldownSeconds = 60;

/** Minutes a sign-in or reset code stays usable (the screens say so, the server enforces it). */
export const codeLifetimeMinutes = 10;
