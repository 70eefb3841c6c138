import { format, parseISO } from 'date-fns';
import { festival } from '@/lib/festival';
import { formatShortDate } from '@/lib/format';
import { stayEndDate, type AccommodationOption } from '@/lib/schemas/shop-rules';

export function nightsLabel(days: number): string {
  return `${days} ${days === 1 ? 'night' : 'nights'}`;
}

/** A date option as the radio shows it: '20th Feb, 2027 – 22nd Feb, 2027 (2 nights)'. */
export function stayLabel(option: Pick<AccommodationOption, 'StartDate' | 'Days'>): string {
  const end = stayEndDate(option.StartDate, option.Days);
  return `${formatShortDate(option.StartDate)} – ${formatShortDate(end)} (${nightsLabel(option.Days)})`;
}

/** '2 nights from 20th Feb, 2027 (Dormitory)': a stay as the payment result screens name it. */
export function stayItem(typeName: string, option: Pick<AccommodationOption, 'StartDate' | 'Days'>): string {
  return `${nightsLabel(option.Days)} from ${formatShortDate(option.StartDate)} (${typeName})`;
}

/** '20th February': the day of the month as the guidelines say it. */
function dayOfMonth(isoDate: string): string {
  return format(parseISO(isoDate), 'do MMMM');
}

/** The first day a stay can begin, and the morning every stay ends by (the day after the festival). */
export const checkInDay = dayOfMonth(festival.startDate);
export const checkOutDay = dayOfMonth(stayEndDate(festival.endDate, 1));
