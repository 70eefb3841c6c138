import { countOf } from '@/lib/plural';

/** Counts as the console shows them, in Indian grouping (amounts: `formatFigure` of lib/money.ts). */
const count = new Intl.NumberFormat('en-IN');

/** '1,50,000'. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** '1 registration', '1,50,000 registrations': a count in Indian grouping with its noun. */
export function formatCountOf(value: number, one: string, many = `${one}s`): string {
  return countOf(value, one, many, formatCount);
}

/** A whole percentage of `total` (0 when there is no total). */
export function percentOf(value: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((value / total) * 100));
}
