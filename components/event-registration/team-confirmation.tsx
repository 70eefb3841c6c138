'use client';

import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import type { VerificationResult } from '@/lib/schemas/event-registration';
import { entryWords } from './entry-words';
import { Fee } from './registration-fees';
import { StepHeading } from './step-heading';
import type { TeamSubmission } from './team-draft';

/**
 * Step 2: the verified members (leader first), the fee to pay, and either 'Pay and Register' or
 * 'Register for free'; 'Back to team' returns to step 1 to change the team. For a full option
 * ('waitlist') the step ends in 'Join the waiting list' instead: nothing is paid until a place is offered.
 */
export function TeamConfirmation({
  submission,
  result,
  busy,
  onConfirm,
  onBack,
  focusHeading,
  notice,
  mode = 'register',
}: {
  submission: TeamSubmission;
  result: VerificationResult;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
  focusHeading: boolean;
  /** Shown just above the buttons (the overlap warning). */
  notice?: ReactNode;
  /** Registering, or joining the full option's waiting list. */
  mode?: 'register' | 'waitlist';
}) {
  const joining = mode === 'waitlist';
  const words = entryWords(submission.option);
  const members = [...result.verifiedCandidates].sort((a, b) => Number(b.isLeader) - Number(a.isLeader));
  const waived = !result.isPaymentMandatory;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onConfirm();
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="step-confirm" className="flex flex-col gap-6">
      <StepHeading id="step-confirm" focusOnMount={focusHeading}>
        {joining ? 'Step 2 of 2: Join the waiting list' : 'Step 2 of 2: Confirm your registration'}
      </StepHeading>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-display text-sm tracking-wide text-gold">Taking part as</dt>
        <dd>{submission.option.participation_name}</dd>
        {submission.teamName ? (
          <>
            <dt className="font-display text-sm tracking-wide text-gold">Team name</dt>
            <dd className="break-words">{submission.teamName}</dd>
          </>
        ) : null}
        <dt className="font-display text-sm tracking-wide text-gold">
          {joining ? 'Fee, once a place is offered' : 'Fee to pay'}
        </dt>
        <dd className="font-semibold text-gold">
          <Fee price={submission.option.price} waived={waived} />
        </dd>
      </dl>
      <section aria-labelledby="verified-members">
        <h3 id="verified-members" className="font-display text-sm tracking-wide text-gold">
          {words.verifiedHeading}
        </h3>
        <ol className="mt-2 flex flex-col gap-2">
          {members.map((member) => (
            <li
              key={member.email}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-parchment/15 bg-black/30 px-4 py-3"
            >
              <span className="min-w-0">
                <span className="block font-display text-parchment">{member.fullName}</span>
                <span className="block break-all text-sm text-parchment/80">{member.email}</span>
              </span>
              {member.isLeader && words.marksLeader ? (
                <span className="rounded-full border border-gold/60 bg-gold/10 px-3 py-0.5 text-sm text-gold">
                  Leader
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      {joining ? (
        <p className="rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-parchment">
          {submission.option.participation_name} is full. Joining its waiting list costs nothing: when a place
          frees, the first in line is offered it by e-mail, held for them for a limited time.
        </p>
      ) : null}
      {notice}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          onClick={onBack}
          disabled={busy}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-gold/50 px-6 py-2 font-display text-sm tracking-wide text-gold transition hover:bg-gold/10 disabled:opacity-60 sm:w-auto"
        >
          <span aria-hidden="true">←</span> {words.backButton}
        </button>
        <SubmitButton pending={busy} className="sm:flex-1">
          {joining
            ? 'Join the waiting list'
            : result.isPaymentMandatory
              ? 'Pay and Register'
              : 'Register for free'}
        </SubmitButton>
      </div>
    </form>
  );
}
