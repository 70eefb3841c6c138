'use client';

import { useEffect, useId, useRef } from 'react';
import { inputClass, labelClass } from '@/components/forms/field-classes';
import { describedBy, FieldMessage } from '@/components/forms/field-message';
import type { ParticipationOption } from '@/lib/content-types';
import type { EntryWords } from './entry-words';
import { canAddTeammate, canRemoveTeammate, type TeamDraft, type TeammateRow } from './team-draft';

const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-gold/50 px-4 py-2 font-display text-sm tracking-wide text-gold transition hover:bg-gold/10';

/** The input id of a teammate row, so the form can focus the first invalid one. */
export const teammateInputId = (formId: string, key: number) => `${formId}-teammate-${key}`;

/**
 * The team list: the leader (the signed-in user, read-only) as member 1, then one e-mail field per
 * teammate with 'Remove', and 'Add teammate' while the option allows a bigger team. Alone, it is just
 * the signed-in user's own e-mail.
 */
export function TeamMembers({
  formId,
  option,
  draft,
  leaderEmail,
  words,
  errorFor,
  onEmailChange,
  onEmailBlur,
  onAdd,
  onRemove,
}: {
  formId: string;
  option: ParticipationOption;
  draft: TeamDraft;
  leaderEmail: string;
  words: EntryWords;
  /** The message to show for a teammate (by position and row), if any. */
  errorFor: (index: number, row: TeammateRow) => string | undefined;
  onEmailChange: (key: number, email: string) => void;
  onEmailBlur: (key: number) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) {
  const leaderId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after the list changes: the new row, or the row that took a removed one's place.
  const focusAfterChange = useRef<number | 'add' | 'last' | null>(null);
  const teamSize = draft.teammates.length + 1;
  const addable = canAddTeammate(draft, option);
  const removable = canRemoveTeammate(draft, option);

  useEffect(() => {
    const target = focusAfterChange.current;
    focusAfterChange.current = null;
    if (target === null) return;
    if (target === 'add') {
      addRef.current?.focus();
      return;
    }
    const key = target === 'last' ? draft.teammates.at(-1)?.key : target;
    if (key !== undefined) document.getElementById(teammateInputId(formId, key))?.focus();
  }, [draft.teammates, formId]);

  function remove(index: number, key: number) {
    const next = draft.teammates[index + 1] ?? draft.teammates[index - 1];
    focusAfterChange.current = next ? next.key : 'add';
    onRemove(key);
  }

  function add() {
    focusAfterChange.current = 'last';
    onAdd();
  }

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-display text-sm tracking-wide text-gold">{words.peopleLegend}</legend>
      <p className="-mt-2 text-sm text-parchment/80" aria-live="polite">
        {option.max_range === 1
          ? 'You are registering on your own.'
          : `${teamSize} of ${option.max_range} members (at least ${option.min_range}).`}
      </p>
      <div>
        <label htmlFor={leaderId} className={labelClass}>
          {words.ownEmailLabel}
        </label>
        <input
          id={leaderId}
          type="email"
          value={leaderEmail}
          readOnly
          className={`${inputClass} opacity-80`}
        />
      </div>
      {draft.teammates.map((row, index) => {
        const inputId = teammateInputId(formId, row.key);
        const error = errorFor(index, row);
        return (
          <div key={row.key}>
            <label htmlFor={inputId} className={labelClass}>
              Teammate {index + 1} email
            </label>
            <div className="flex items-start gap-2">
              <input
                id={inputId}
                type="email"
                inputMode="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={row.email}
                onChange={(e) => onEmailChange(row.key, e.target.value)}
                onBlur={() => onEmailBlur(row.key)}
                className={`${inputClass} min-w-0 flex-1`}
                {...describedBy(`${inputId}-message`, error)}
              />
              {removable ? (
                <button
                  type="button"
                  onClick={() => remove(index, row.key)}
                  aria-label={`Remove teammate ${index + 1}`}
                  className={`${secondaryButton} min-h-12 shrink-0`}
                >
                  Remove
                </button>
              ) : null}
            </div>
            <FieldMessage id={`${inputId}-message`} error={error} />
          </div>
        );
      })}
      {addable ? (
        <button ref={addRef} type="button" onClick={add} className={`${secondaryButton} self-start`}>
          <span aria-hidden="true">+</span> Add teammate
        </button>
      ) : null}
    </fieldset>
  );
}
