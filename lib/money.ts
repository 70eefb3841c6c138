/*
 * Money, in one place, for the server and the browser alike. The database and the payment provider count
 * paise (whole numbers); SPEC's API and screens speak rupees. Convert only with these functions, and show
 * an amount only with the formatters below, which say by their argument which unit they were given.
 */

/** An amount with its unit named, so rupees and paise cannot be mistaken for one another. */
export type Amount = { paise: number } | { rupees: number };

/** Rupees to paise, rounded to the nearest paisa (sums of decimal prices carry float noise). */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function toRupees(paise: number): number {
  return paise / 100;
}

/** Rupees rounded to whole paise, for totals computed in rupees (a cart's lines). */
export function roundRupees(rupees: number): number {
  return toRupees(toPaise(rupees));
}

/**
 * An amount typed by an organiser or sent by a screen ('250.50', 399), in paise; null when it is not
 * a finite amount with at most two decimals. Range rules (more than zero, a maximum) are the caller's.
 */
export function parseRupees(value: number | string): number | null {
  const rupees = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  if (!Number.isFinite(rupees)) return null;
  const paise = toPaise(rupees);
  return Math.abs(paise - rupees * 100) < 1e-6 ? paise : null;
}

function rupeesOf(amount: Amount): number {
  return 'paise' in amount ? toRupees(amount.paise) : amount.rupees;
}

/** '₹ 150': SPEC part 9's '₹ {price}' as organisers set it, for event fees (whole rupees). */
export function formatFee(amount: Amount): string {
  return `₹ ${rupeesOf(amount)}`;
}

/** '₹ 399.00': a price with two decimals (SPEC part 9), as the shop, stays, checkout and mails show it. */
export function formatPrice(amount: Amount): string {
  return `₹ ${rupeesOf(amount).toFixed(2)}`;
}

const figure = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** '₹1,50,000.00': the console's figures, in Indian digit grouping. */
export function formatFigure(amount: Amount): string {
  return figure.format(rupeesOf(amount));
}

/** '399.00': a plain decimal with no symbol, for spreadsheets and structured data. */
export function formatDecimal(amount: Amount): string {
  return rupeesOf(amount).toFixed(2);
}
