import { hintClass } from '@/components/forms/field-classes';
import type { AccommodationOption } from '@/lib/schemas/shop';
import { stayLabel } from './stay-dates';

/** The chosen type's available date ranges as radio choices, with the consecutive-days hint. */
export function DateOptions({
  options,
  selectedId,
  onChoose,
}: {
  options: readonly AccommodationOption[];
  selectedId: number | null;
  onChoose: (option: AccommodationOption) => void;
}) {
  const available = options.filter((option) => option.isAvailable);
  return (
    <fieldset aria-describedby="stay-days-hint">
      <legend className="mb-1 font-display text-lg text-gold">2. Choose your dates</legend>
      <p id="stay-days-hint" className={`${hintClass} mb-3`}>
        The days of a stay are consecutive: 2 days can be 20 and 21, 21 and 22, or 22 and 23, but not 20 and
        23.
      </p>
      {available.length === 0 ? (
        <p className="rounded-xl border border-red-400/50 bg-red-950/40 px-4 py-3">
          No Accommodation available for the selected duration
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          {available.map((option) => (
            <label
              key={option.id}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-parchment/25 bg-black/30 px-4 py-3 transition hover:border-gold/60 has-checked:border-gold has-checked:bg-gold/10"
            >
              <input
                type="radio"
                name="accommodation-dates"
                value={option.id}
                checked={selectedId === option.id}
                onChange={() => onChoose(option)}
                className="h-5 w-5 shrink-0 accent-gold"
              />
              <span className="tabular-nums">{stayLabel(option)}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
