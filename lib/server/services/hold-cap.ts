import 'server-only';
import { AppError } from '@/lib/server/http/app-error';

/*
 * How much of one item one account may hold unpaid (docs/decisions.md, "Stock holds"). A hold keeps units
 * from everyone else for 15 minutes and an account may renew it with a new order, so without a cap one
 * account ordering a whole small size (6 of 6) makes it look sold out to every other buyer. One account
 * may hold at most a quarter of what is not yet sold of an item, and always at least 1 (the last unit must
 * stay buyable): making an item look gone then takes at least four accounts, each verified by mail.
 * The share is of the units not yet sold, not of the item's total, so the cap tightens as an item runs
 * out: the last few units of a popular size are where holding them all hurts most.
 *
 * The account's holds of a kind are those of its newest unpaid order (a new order releases the earlier
 * ones, the inventory's replaceAccountHolds), so the cap is checked on each line of the order being created. A
 * stay is held one place per account, which is the cap's floor: stays need no check of their own.
 */

/** One account may hold at most 1 unit in `holdCapDivisor` of what is unsold (rounded down, at least 1). */
export const holdCapDivisor = 4;

/** The most units of an item one account may hold, given the units of it not yet sold. */
export function maxUnitsHeldPerAccount(unsold: number): number {
  return Math.max(1, Math.floor(unsold / holdCapDivisor));
}

/** Refuses (409, reason `hold_limit`) holding `quantity` units of an item of which `unsold` are not yet sold. */
export function assertWithinHoldCap(quantity: number, unsold: number, label: string): void {
  const cap = maxUnitsHeldPerAccount(unsold);
  if (quantity <= cap) return;
  throw new AppError(
    'conflict',
    `At most ${cap} of ${label} can be ordered at a time, so that others can buy it too. Please lower the quantity, or pay for these first and then order more.`,
    { reason: 'hold_limit' },
  );
}
