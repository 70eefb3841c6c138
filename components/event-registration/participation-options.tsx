'use client';

import { useId } from 'react';
import { errorClass } from '@/components/forms/field-classes';
import type { ParticipationOption } from '@/lib/content-types';
import { formatFee } from '@/lib/money';
import { isFull, placesNote } from '@/lib/places';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import { teamSizeLabel } from './team-draft';

/** What an option's row says of its places, and in which colour. */
function optionNote(
  option: ParticipationOption,
  heldOptionId: number | null,
  entry: MyWaitingEntry | undefined,
): { text: string; tone: 'gold' | 'full' } | null {
  if (option.id === heldOptionId)
    return { text: 'A place is held for you: register to take it.', tone: 'gold' };
  if (isFull(option)) {
    if (entry?.status === 'waiting') {
      const place = entry.position ? `: you are number ${entry.position} in line` : '';
      return { text: `Full. You are on its waiting list${place}.`, tone: 'full' };
    }
    return { text: 'Full: choose it to join the waiting list.', tone: 'full' };
  }
  const note = placesNote(option);
  return note ? { text: note, tone: 'gold' } : null;
}

/**
 * The radio list of ways to take part (solo, duo, team...), each with its team size and fee, and its
 * places when few are left. A full option says so and can still be chosen: the team is then put on its
 * waiting list instead of registered (docs/waiting-lists.md). An option whose place is held for the
 * visitor by a waiting list's offer says that instead of "Full".
 */
export function ParticipationOptions({
  options,
  selectedId,
  onChoose,
  error,
  heldOptionId = null,
  entries,
}: {
  options: readonly ParticipationOption[];
  selectedId: number | null;
  onChoose: (option: ParticipationOption) => void;
  error?: string;
  /** The option of the visitor's standing offer, if any. */
  heldOptionId?: number | null;
  /** The visitor's live waiting list entries, by option. */
  entries?: ReadonlyMap<number, MyWaitingEntry>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 font-display text-sm tracking-wide text-gold">How are you taking part?</legend>
      {options.map((option) => {
        const note = optionNote(option, heldOptionId, entries?.get(option.id));
        const noteId = `${id}-places-${option.id}`;
        return (
          <label
            key={option.id}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-parchment/25 bg-black/30 px-4 py-3 transition hover:border-gold/60 has-checked:border-gold has-checked:bg-gold/10"
          >
            <input
              type="radio"
              name={`${id}-participation`}
              value={option.id}
              checked={selectedId === option.id}
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
                  className={`basis-full text-sm font-semibold ${note.tone === 'full' ? 'text-red-300' : 'text-gold'}`}
                >
                  {note.text}
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
