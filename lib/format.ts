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
