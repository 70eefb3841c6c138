import { format, parseISO } from 'date-fns';

/** '5th March, 2000': how the profile shows a date of birth. */
export function formatDateOfBirth(isoDate: string): string {
  return format(parseISO(isoDate), 'do MMMM, yyyy');
}

/** '1st Feb, 2025': the short date used elsewhere on the site. */
export function formatShortDate(isoDate: string): string {
  return format(parseISO(isoDate), 'do MMM, yyyy');
}

/** '+91 98765 43210'-style display of a 10-digit Indian mobile number. */
export function formatPhone(phone: string): string {
  return `+91 ${phone}`;
}

const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** '22 Nov 2026, 9:15 am': a moment as the organisers read it, in India time wherever the server runs. */
export function formatDateTime(moment: Date | string): string {
  return indiaDateTime.format(typeof moment === 'string' ? new Date(moment) : moment);
}
