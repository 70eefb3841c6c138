import 'server-only';
import { formatDateTime } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import type { RefundPolicy } from '@/lib/schemas/changes';
import { AppError } from '@/lib/server/http/app-error';
import { festivalStart } from '@/lib/timetable';

/*
 * The organisers' rules for a participant's own changes, in one place: until when an item may be changed
 * (its freeze) and what a cancellation gives back (its refund policy). Each event, T-shirt and stay type
 * carries its own (the columns of `changeRules` in the schema); where the organisers set no freeze:
 *   - an event freezes 24 hours before its first session (or its start, or the festival's);
 *   - T-shirts and stays freeze 7 days before the festival.
 */

const hourMs = 60 * 60_000;
export const defaultEventFreezeHours = 24;
export const defaultShopFreezeDays = 7;

/** The rule columns of an event, a merchandise product or a stay type. */
export interface ChangeRules {
  changesFreezeAt: Date | null;
  refundPolicy: RefundPolicy;
  refundPercent: number | null;
  refundUntil: Date | null;
}

/** An event's freeze: the organisers' time, else a day before it begins. */
export function eventFreezeAt(rules: ChangeRules, begins: Date | null): Date {
  return (
    rules.changesFreezeAt ?? new Date((begins ?? festivalStart).getTime() - defaultEventFreezeHours * hourMs)
  );
}

/** A T-shirt's or a stay's freeze: the organisers' time, else a week before the festival. */
export function shopFreezeAt(rules: ChangeRules): Date {
  return rules.changesFreezeAt ?? new Date(festivalStart.getTime() - defaultShopFreezeDays * 24 * hourMs);
}

/** What a cancellation at `at` gives back of `paidPaise` (whole paise, never more than was paid). */
export function refundFor(rules: ChangeRules, paidPaise: number, at: Date): number {
  if (paidPaise <= 0) return 0;
  switch (rules.refundPolicy) {
    case 'none':
      return 0;
    case 'full':
      return paidPaise;
    case 'percent':
      if (rules.refundUntil && at > rules.refundUntil) return 0;
      return Math.floor((paidPaise * (rules.refundPercent ?? 0)) / 100);
  }
}

/** How the policy reads to the participant, with what it gives back now. */
export function refundLabel(rules: ChangeRules, paidPaise: number, at: Date): string {
  if (paidPaise <= 0) return 'Nothing was paid, so nothing is refunded.';
  const now = refundFor(rules, paidPaise, at);
  if (rules.refundPolicy === 'none') return 'No refund: as the terms say, payments are not refunded.';
  if (rules.refundPolicy === 'full') return `Full refund: ${formatPrice({ paise: now })}.`;
  const until = rules.refundUntil ? ` until ${formatDateTime(rules.refundUntil)} (India time)` : '';
  return now > 0
    ? `${rules.refundPercent}% refunded${until}: ${formatPrice({ paise: now })}.`
    : `No refund any more: ${rules.refundPercent}% was refunded${until}.`;
}

/** Refuses a change after the freeze, saying when it was. */
export function assertBeforeFreeze(freezeAt: Date, at: Date, what: string): void {
  if (at < freezeAt) return;
  throw new AppError(
    'conflict',
    `Changes to ${what} closed on ${formatDateTime(freezeAt)} (India time). Please contact the organisers.`,
  );
}
