import { hintClass } from '@/components/forms/field-classes';
import { WaitingListAction, type ShopEntry } from '@/components/waiting-lists/shop-waiting-list';
import type { AccommodationOption } from '@/lib/schemas/shop-rules';
import { stayLabel } from './stay-dates';

/**
 * The chosen type's date ranges, in the organisers' order, with the consecutive-days hint: the available
 * ones as radio choices, the full ones marked "Full" with their waiting list (docs/waiting-lists.md).
 */
export function DateOptions({
  options,
  selectedId,
  heldId,
  onChoose,
  entryFor,
  joining,
  justJoined,
  onJoin,
}: {
  options: readonly AccommodationOption[];
  selectedId: number | null;
  /** The stay a waiting list's offer holds for the buyer, if any. */
  heldId: number | null;
  onChoose: (option: AccommodationOption) => void;
  entryFor: (optionId: number) => ShopEntry | null;
  joining: number | null;
  justJoined: number | null;
  onJoin: (option: AccommodationOption) => void;
}) {
  const anyAvailable = options.some((option) => option.isAvailable);
  return (
    <fieldset aria-describedby="stay-days-hint">
      <legend className="mb-1 font-display text-lg text-gold">2. Choose your dates</legend>
      <p id="stay-days-hint" className={`${hintClass} mb-3`}>
        The days of a stay are consecutive: 2 days can be 20 and 21, 21 and 22, or 22 and 23, but not 20 and
        23.
      </p>
      {anyAvailable ? null : (
        <p className="mb-2 rounded-xl border border-red-400/50 bg-red-950/40 px-4 py-3">
          No Accommodation available for the selected duration
        </p>
      )}
      <div className="flex flex-col gap-2">
        {options.map((option) =>
          option.isAvailable ? (
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
              {option.id === heldId ? (
                <span className="ml-auto text-sm text-emerald-200">Held for you</span>
              ) : null}
            </label>
          ) : (
            <div
              key={option.id}
              className="flex min-h-12 flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-parchment/15 bg-black/20 px-4 py-2"
            >
              <span>
                <span className="tabular-nums text-parchment/80">{stayLabel(option)}</span>
                <span className="text-parchment/80"> — full</span>
              </span>
              <WaitingListAction
                kind="accommodation_option"
                entry={entryFor(option.id)}
                name={stayLabel(option)}
                busy={joining === option.id}
                justJoined={justJoined === option.id}
                onJoin={() => onJoin(option)}
              />
            </div>
          ),
        )}
      </div>
    </fieldset>
  );
}
