'use client';

import { useId } from 'react';
import { errorClass } from '@/components/forms/field-classes';
import type { ParticipationOption } from '@/lib/content-types';
import { formatFee } from '@/lib/money';
import { isFull, placesNote } from '@/lib/places';
import { teamSizeLabel } from './team-draft';

/**
 * The radio list of ways to take part (solo, duo, team...), each with its team size and fee, and its
 * places when few are left. A full option is shown but cannot be chosen, and says why.
 */
export function ParticipationOptions({
  options,
  selectedId,
  onChoose,
  error,
}: {
  options: readonly ParticipationOption[];
  selectedId: number | null;
  onChoose: (option: ParticipationOption) => void;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 font-display text-sm tracking-wide text-gold">How are you taking part?</legend>
      {options.map((option) => {
        const full = isFull(option);
        const note = placesNote(option);
        const noteId = `${id}-places-${option.id}`;
        return (
          <label
            key={option.id}
            className={
              full
                ? 'flex min-h-12 cursor-not-allowed items-center gap-3 rounded-xl border border-parchment/15 bg-black/20 px-4 py-3'
                : 'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-parchment/25 bg-black/30 px-4 py-3 transition hover:border-gold/60 has-checked:border-gold has-checked:bg-gold/10'
            }
          >
            <input
              type="radio"
              name={`${id}-participation`}
              value={option.id}
              checked={selectedId === option.id}
              disabled={full}
              aria-describedby={note ? noteId : undefined}
              onChange={() => onChoose(option)}
              className="h-5 w-5 shrink-0 accent-gold"
            />
            <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-3">
              <span>
                <span className="font-display text-parchment">{option.participation_name}</span>{' '}
                <span className="text-sm text-parchment/75">({teamSizeLabel(option)})</span>
              </span>
              <span className="font-semibold text-gold">{formatFee({ rupees: option.price })}</span>
              {note ? (
                <span
                  id={noteId}
                  className={`basis-full text-sm font-semibold ${full ? 'text-red-300' : 'text-gold'}`}
                >
                  {full ? 'Full: every place has been taken, so it cannot be chosen.' : note}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
      {error ? (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
