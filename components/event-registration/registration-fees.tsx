import type { ParticipationOption } from '@/lib/content-types';
import { formatFee } from '@/lib/money';
import { teamSizeLabel } from './team-draft';

/**
 * A fee as the visitor pays it. When the institute waives it (after verification: a DA student and
 * payment not mandatory) it reads '₹ 0' beside the struck-through price.
 */
export function Fee({ price, waived }: { price: number; waived: boolean }) {
  if (!waived || price === 0) return <span>{formatFee({ rupees: price })}</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <s className="text-parchment/60">
        <span className="sr-only">Waived fee: </span>
        {formatFee({ rupees: price })}
      </s>
      <span>{formatFee({ rupees: 0 })}</span>
    </span>
  );
}

/** The event's registration fees, one line per participation option. */
export function RegistrationFees({
  options,
  waived,
}: {
  options: readonly ParticipationOption[];
  waived: boolean;
}) {
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {options.map((option) => (
        <li
          key={option.id}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl border border-parchment/15 bg-black/30 px-4 py-2"
        >
          <span>
            <span className="font-display text-parchment">{option.participation_name}</span>{' '}
            <span className="text-sm text-parchment/75">({teamSizeLabel(option)})</span>
          </span>
          <span className="font-semibold text-gold">
            <Fee price={option.price} waived={waived} />
          </span>
        </li>
      ))}
    </ul>
  );
}
