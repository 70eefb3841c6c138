'use client';

import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import type { ParticipationOption } from '@/lib/content-types';
import { teamFormErrors } from '@/lib/schemas/team-rules';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import { entryWords } from './entry-words';
import { memberErrorFor, type MemberError } from './member-errors';
import { ParticipationOptions } from './participation-options';
import { StepHeading } from './step-heading';
import {
  addTeammate,
  chooseOption,
  needsTeamName,
  removeTeammate,
  setTeammateEmail,
  toSubmission,
  type TeamDraft,
  type TeamSubmission,
} from './team-draft';
import { teammateInputId, TeamMembers } from './team-members';

const chooseOptionMessage = 'Please choose how you are taking part.';
const noMemberErrors: readonly MemberError[] = [];

/**
 * Step 1: choose a participation option and put the team together, then 'Verify Team' ('Verify' for a
 * one-person entry, entry-words.ts). The team rules of SPEC.md part 5 are shown per field, but the
 * verification call is made regardless: the server is the real gate, and its refusals that name a
 * teammate show under that teammate's field too. A full option goes through the same step on the way to
 * its waiting list.
 */
export function TeamForm({
  options,
  draft,
  onDraftChange,
  leaderEmail,
  instituteDomain,
  verifying,
  onVerify,
  memberErrors = noMemberErrors,
  focusHeading,
  notice,
  optionNotice,
  heldOptionId,
  entries,
}: {
  options: readonly ParticipationOption[];
  draft: TeamDraft;
  onDraftChange: (next: TeamDraft) => void;
  leaderEmail: string;
  instituteDomain: string;
  verifying: boolean;
  onVerify: (submission: TeamSubmission) => void;
  /** The server's refusals of the last verification that name a teammate. */
  memberErrors?: readonly MemberError[];
  focusHeading: boolean;
  /** Shown just above the submit button (the overlap warning). */
  notice?: ReactNode;
  /** Shown just below the options (what choosing a full option leads to). */
  optionNotice?: ReactNode;
  /** The option whose place a waiting list's offer holds for the visitor. */
  heldOptionId?: number | null;
  /** The visitor's live waiting list entries, by option. */
  entries?: ReadonlyMap<number, MyWaitingEntry>;
}) {
  const formId = useId();
  const teamNameRef = useRef<HTMLInputElement>(null);
  const option = options.find((o) => o.id === draft.optionId) ?? null;
  const words = entryWords(option, options);
  // Messages show for a field once it has been left, and for every field after a first 'Verify Team'.
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [missingOption, setMissingOption] = useState(false);

  const errors = useMemo(
    () =>
      option
        ? teamFormErrors({
            leaderEmail,
            teammates: draft.teammates.map((row) => row.email),
            teamName: draft.teamName,
            needsTeamName: needsTeamName(option),
            instituteDomain,
          })
        : {},
    [option, leaderEmail, draft.teammates, draft.teamName, instituteDomain],
  );
  const visible = (field: string, message: string | undefined) =>
    attempted || touched.has(field) ? message : undefined;
  const touch = (field: string) => setTouched((previous) => new Set(previous).add(field));

  function choose(next: ParticipationOption) {
    setMissingOption(false);
    if (next.id === draft.optionId) return;
    setAttempted(false);
    setTouched(new Set());
    onDraftChange(chooseOption(draft, next));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verifying) return;
    if (!option) {
      setMissingOption(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setAttempted(true);
    focusFirstInvalid();
    onVerify(toSubmission(draft, option, leaderEmail));
  }

  // A refusal naming a teammate takes the visitor to that field (on a phone the toast may cover the
  // button): once per answer, not again while they type.
  useEffect(() => {
    const first = memberErrors[0];
    if (first) document.getElementById(teammateInputId(formId, first.rowKey))?.focus();
  }, [memberErrors, formId]);

  function focusFirstInvalid() {
    if (errors.teamName !== undefined) {
      teamNameRef.current?.focus();
      return;
    }
    const row = draft.teammates.find((_, index) => errors[`teammate.${index}`] !== undefined);
    if (row) document.getElementById(teammateInputId(formId, row.key))?.focus();
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="step-team" className="flex flex-col gap-6">
      <StepHeading id="step-team" focusOnMount={focusHeading}>
        {words.stepHeading}
      </StepHeading>
      <ParticipationOptions
        options={options}
        selectedId={draft.optionId}
        onChoose={choose}
        error={missingOption ? chooseOptionMessage : undefined}
        heldOptionId={heldOptionId}
        entries={entries}
      />
      {optionNotice}
      {option ? (
        <>
          {needsTeamName(option) ? (
            <TextField
              ref={teamNameRef}
              label="Team name"
              autoComplete="off"
              maxLength={60}
              value={draft.teamName}
              onChange={(e) => onDraftChange({ ...draft, teamName: e.target.value })}
              onBlur={() => touch('teamName')}
              error={visible('teamName', errors.teamName)}
            />
          ) : null}
          <TeamMembers
            formId={formId}
            option={option}
            draft={draft}
            leaderEmail={leaderEmail}
            words={words}
            errorFor={(index, row) =>
              visible(`row.${row.key}`, errors[`teammate.${index}`]) ?? memberErrorFor(memberErrors, row)
            }
            onEmailChange={(key, email) => onDraftChange(setTeammateEmail(draft, key, email))}
            onEmailBlur={(key) => touch(`row.${key}`)}
            onAdd={() => onDraftChange(addTeammate(draft))}
            onRemove={(key) => onDraftChange(removeTeammate(draft, key))}
          />
        </>
      ) : (
        <p className="text-parchment/80">{words.chooseFirst}</p>
      )}
      {notice}
      <SubmitButton pending={verifying}>
        {verifying ? words.verifyingButton : words.verifyButton}
      </SubmitButton>
    </form>
  );
}
