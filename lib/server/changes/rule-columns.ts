import 'server-only';
import { accommodationTypes, events, merchandiseProducts } from '@/lib/server/db/schema';
import { formatPrice } from '@/lib/money';
import { refundFor, refundLabel, shopFreezeAt, type ChangeRules } from './rules';

/** The rule columns of each kind of item, for the selects that read an item with its rules. */
const rulesOf = (table: typeof events | typeof merchandiseProducts | typeof accommodationTypes) => ({
  changesFreezeAt: table.changesFreezeAt,
  refundPolicy: table.refundPolicy,
  refundPercent: table.refundPercent,
  refundUntil: table.refundUntil,
});
export const eventRules = rulesOf(events);
export const productRules = rulesOf(merchandiseProducts);
export const stayTypeRules = rulesOf(accommodationTypes);

/** A T-shirt order's line with its product's rules. */
export interface TeeLine extends ChangeRules {
  linePaise: number;
  qty: number;
  size: string;
  product: string;
}

/**
 * A T-shirt order's terms: it freezes with the earliest of its products, and each line gives back under its
 * own product's policy (one line reads its policy; several are summed).
 */
export function teeOrderTerms(lines: readonly TeeLine[], at: Date) {
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
