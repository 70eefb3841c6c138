import { formatPrice } from '@/lib/money';
import type { AccommodationType } from '@/lib/schemas/shop-rules';

/** The accommodation types as a grid of selectable cards: name, price per night and description. */
export function TypeCards({
  types,
  selectedId,
  onChoose,
}: {
  types: readonly AccommodationType[];
  selectedId: number | null;
  onChoose: (type: AccommodationType) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 font-display text-lg text-gold">1. Choose your accommodation</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {types.map((type) => (
          <label
            key={type.id}
            className="flex cursor-pointer flex-col gap-2 rounded-2xl border border-parchment/25 bg-black/30 p-4 transition hover:border-gold/60 has-checked:border-gold has-checked:bg-gold/10"
          >
            <span className="flex items-start gap-3">
              <input
                type="radio"
                name="accommodation-type"
                value={type.id}
                checked={selectedId === type.id}
                onChange={() => onChoose(type)}
                className="mt-1 h-5 w-5 shrink-0 accent-gold"
              />
              <span className="flex flex-col">
                <span className="font-display text-parchment">{type.accommodationType}</span>
                <span className="font-semibold text-gold tabular-nums">
                  {type.accomodationPrice === null
                    ? 'Price to be announced'
                    : `${formatPrice({ rupees: type.accomodationPrice })} per night`}
                </span>
              </span>
            </span>
            <span className="text-sm text-parchment/80">{type.description}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
