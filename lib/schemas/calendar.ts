/**
 * Whether a 'YYYY-MM-DD' string names a day that exists (no 30 February, no 29 February outside a leap
 * year) within [minYear, maxYear]. Date.parse would roll such a date over into the next month, and
 * PostgreSQL refuses it outright, so every date field checks it before anything else sees the value.
 */
export function isCalendarDate(value: string, minYear = 1900, maxYear = 2100): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < minYear || year > maxYear || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
