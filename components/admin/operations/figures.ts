/** Figures as the console shows them: Indian grouping and the rupee sign. */
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const count = new Intl.NumberFormat('en-IN');

/** '₹1,50,000.00' from paise. */
export function formatInr(paise: number): string {
  return inr.format(paise / 100);
}

/** '1,50,000'. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** A whole percentage of `total` (0 when there is no total). */
export function percentOf(value: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((value / total) * 100));
}
