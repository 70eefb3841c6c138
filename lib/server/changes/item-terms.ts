import 'server-only';
import { eq } from 'drizzle-orm';
import { formatPrice } from '@/lib/money';
import type { ChangeTerms } from '@/lib/schemas/changes';
import type { Db } from '@/lib/server/db';
import {
  accommodationBookings,
  accommodationOptions,
  accommodationTypes,
  events,
  merchandiseOrderLines,
  merchandiseOrders,
  merchandiseProducts,
  merchandiseVariants,
} from '@/lib/server/db/schema';
import { refundFor, refundLabel, shopFreezeAt, type ChangeRules } from './rules';

/*
 * Each kind of thing a participant holds, read with its rules and turned into its terms (until when, and
 * what cancelling gives back now): the one reading shared by the profile's view (plans.ts) and the
 * cancellation itself (cancel.ts), which adds its own filter and row lock to the same select.
 */

/** The rule columns of each kind of item, for the selects that read an item with its rules. */
const rulesOf = (table: typeof events | typeof merchandiseProducts | typeof accommodationTypes) => ({
  changesFreezeAt: table.changesFreezeAt,
  refundPolicy: table.refundPolicy,
  refundPercent: table.refundPercent,
  refundUntil: table.refundUntil,
});
export const eventRules = rulesOf(events);

/** An item's terms at a moment, before they are put in the API's shape. */
export interface ItemTerms {
  freezeAt: Date;
  refundPaise: number;
  refundLabel: string;
}

export function itemTerms(rules: ChangeRules, freezeAt: Date, paidPaise: number, at: Date): ItemTerms {
  return {
    freezeAt,
    refundPaise: refundFor(rules, paidPaise, at),
    refundLabel: refundLabel(rules, paidPaise, at),
  };
}

/** The terms as GET /api/my-plans answers them. */
export function changeTerms(terms: ItemTerms, at: Date): ChangeTerms {
  return {
    freezeAt: terms.freezeAt.toISOString(),
    open: at < terms.freezeAt,
    refundPaise: terms.refundPaise,
    refundLabel: terms.refundLabel,
  };
}

/** T-shirt orders' lines, each with its order and its product's rules; the caller filters (and locks). */
export function teeOrderLines(db: Db) {
  return db
    .select({
      orderId: merchandiseOrders.id,
      lineId: merchandiseOrderLines.id,
      variantId: merchandiseOrderLines.variantId,
      productId: merchandiseProducts.id,
      userId: merchandiseOrders.userId,
      status: merchandiseOrders.status,
      paymentOrderId: merchandiseOrders.paymentOrderId,
      totalPaise: merchandiseOrders.totalPaise,
      linePaise: merchandiseOrderLines.lineTotalPaise,
      qty: merchandiseOrderLines.qty,
      size: merchandiseVariants.type,
      product: merchandiseProducts.name,
      ...rulesOf(merchandiseProducts),
    })
    .from(merchandiseOrders)
    .innerJoin(merchandiseOrderLines, eq(merchandiseOrderLines.orderId, merchandiseOrders.id))
    .innerJoin(merchandiseVariants, eq(merchandiseVariants.id, merchandiseOrderLines.variantId))
    .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId));
}

type TeeLine = Awaited<ReturnType<typeof teeOrderLines>>[number];

/**
 * A T-shirt order's terms: it freezes with the earliest of its products, and each line gives back under its
 * own product's policy (one line reads its policy; several are summed).
 */
export function teeOrderTerms(lines: readonly TeeLine[], at: Date): ItemTerms & { summary: string } {
  const freezeAt = new Date(Math.min(...lines.map((line) => shopFreezeAt(line).getTime())));
  const refundPaise = lines.reduce((sum, line) => sum + refundFor(line, line.linePaise, at), 0);
  const [only] = lines;
  const label =
    lines.length === 1 && only
      ? refundLabel(only, only.linePaise, at)
      : refundPaise > 0
        ? `Refunded under each T-shirt's policy: ${formatPrice({ paise: refundPaise })}.`
        : 'No refund: as the terms say, payments are not refunded.';
  return {
    freezeAt,
    refundPaise,
    refundLabel: label,
    summary: lines.map((line) => `${line.product}, ${line.size} × ${line.qty}`).join('; '),
  };
}

/** Stays, each with its type's name and rules; the caller filters (and locks). */
export function staysWithRules(db: Db) {
  return db
    .select({
      id: accommodationBookings.id,
      userId: accommodationBookings.userId,
      status: accommodationBookings.status,
      paymentOrderId: accommodationBookings.paymentOrderId,
      amountPaise: accommodationBookings.amountPaise,
      typeName: accommodationTypes.accommodationType,
      startDate: accommodationOptions.startDate,
      ...rulesOf(accommodationTypes),
    })
    .from(accommodationBookings)
    .innerJoin(accommodationOptions, eq(accommodationOptions.id, accommodationBookings.optionId))
    .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId));
}

type Stay = Awaited<ReturnType<typeof staysWithRules>>[number];

/** A stay's terms: the type's freeze and policy on what the guest paid. */
export function stayTerms(stay: Stay, at: Date): ItemTerms & { summary: string } {
  return {
    ...itemTerms(stay, shopFreezeAt(stay), stay.amountPaise, at),
    summary: `${stay.typeName} from ${stay.startDate}`,
  };
}
