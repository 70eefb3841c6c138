'use client';

import { useId, useState, type FormEvent } from 'react';
import { dangerButtonClass, quietButtonClass } from '@/components/forms/confirm-step-button';
import { errorClass, hintClass, inputClass, labelClass } from '@/components/forms/field-classes';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import type { MyPlans } from '@/lib/schemas/changes';
import type { TeamChangeOutcome } from '@/lib/schemas/team-change';

type Registration = MyPlans['registrations'][number];

/**
 * A team's members with, for its leader only and until the event's freeze, "Remove" (asked twice) and
 * "Add a teammate by e-mail" within the option's team size (docs/own-changes.md). A teammate's e-mail is
 * never sent to anyone but the leader, so others see names only.
 */
export function TeamChange({
  registration,
  onChanged,
}: {
  registration: Registration;
  onChanged: () => void;
}) {
  const { toast } = useToast();
  const fieldId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [replacement, setReplacement] = useState('');

  const { members, minMembers, maxMembers } = registration;
  const canChange = registration.isLeader && registration.terms.open && maxMembers > 1;
  const canAdd = canChange && members.length < maxMembers;
  const canRemove = canChange && members.length > minMembers;
  // At its minimum a team cannot lose anyone, but a teammate can be replaced (one change: out and in).
  const canReplace = canChange && !canRemove;

  async function send(body: { add?: string[]; remove?: string[] }): Promise<boolean> {
    setBusy(true);
    setError('');
    try {
      const answer = await api.post<TeamChangeOutcome>('/api/my-plans/team', {
        registrationId: registration.id,
        ...body,
      });
      toast({ title: answer.message, variant: 'success' });
      onChanged();
      return true;
    } catch (failure) {
      setError(messageOf(failure, 'Something went wrong. Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) {
      setError('Please type your teammate’s e-mail address.');
      return;
    }
    if (await send({ add: [address] })) setEmail('');
  }

  async function remove(userId: string) {
    if (!canRemove) {
      const address = replacement.trim().toLowerCase();
      if (!address) {
        setError('Please type the e-mail address of the new teammate.');
        return;
      }
      if (await send({ remove: [userId], add: [address] })) {
        setConfirming(null);
        setReplacement('');
      }
      return;
    }
    if (await send({ remove: [userId] })) setConfirming(null);
  }

  return (
    <div className="mt-3">
      <h3 className="font-display text-sm tracking-wide text-gold">Team members</h3>
      <ul className="mt-2 flex flex-col gap-2">
        {members.map((member) => (
          <li
            key={member.userId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-parchment/15 bg-black/30 px-3 py-2"
          >
            <span className="min-w-0 break-words text-parchment">
              {member.name}
              {member.isLeader ? ' (leader)' : ''}
              {member.email ? <span className="block text-sm text-parchment/70">{member.email}</span> : null}
            </span>
            {(canRemove || canReplace) && !member.isLeader ? (
              confirming === member.userId ? (
                <span className="flex w-full flex-wrap gap-2">
                  {canReplace ? (
                    <span className="w-full">
                      <label htmlFor={`${fieldId}-${member.userId}`} className={labelClass}>
                        E-mail of the teammate who takes {member.name}&apos;s place
                      </label>
                      <input
                        id={`${fieldId}-${member.userId}`}
                        type="email"
                        inputMode="email"
                        autoComplete="off"
                        className={inputClass}
                        value={replacement}
                        onChange={(event) => setReplacement(event.target.value)}
                      />
                    </span>
                  ) : null}
                  <button
                    type="button"
                    className={dangerButtonClass}
                    disabled={busy}
                    onClick={() => void remove(member.userId)}
                  >
                    {canReplace ? `Replace ${member.name}` : `Yes, remove ${member.name}`}
                  </button>
                  <button
                    type="button"
                    className={quietButtonClass}
                    disabled={busy}
                    onClick={() => setConfirming(null)}
                  >
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className={dangerButtonClass}
                  disabled={busy}
                  onClick={() => setConfirming(member.userId)}
                  aria-label={`${canReplace ? 'Replace' : 'Remove'} ${member.name}`}
                >
                  {canReplace ? 'Replace' : 'Remove'}
                </button>
              )
            ) : null}
          </li>
        ))}
      </ul>
      {confirming ? (
        <p className={hintClass}>
          They will be told by mail and will lose this event from their pass. Nothing is refunded
          automatically.
        </p>
      ) : null}
      {canAdd ? (
        <form className="mt-3" onSubmit={(event) => void add(event)} noValidate>
          <label htmlFor={fieldId} className={labelClass}>
            Add a teammate by e-mail
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={fieldId}
              type="email"
              inputMode="email"
              autoComplete="off"
              className={`${inputClass} min-w-0 flex-1`}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-describedby={`${fieldId}-hint`}
              aria-invalid={error ? true : undefined}
            />
            <button type="submit" className={quietButtonClass} disabled={busy}>
              Add
            </button>
          </div>
          <p id={`${fieldId}-hint`} className={hintClass}>
            They need a verified account. Your team can have{' '}
            {minMembers === maxMembers ? maxMembers : `${minMembers} to ${maxMembers}`} members, you included.
          </p>
        </form>
      ) : null}
      {registration.isLeader && !registration.terms.open && maxMembers > 1 ? (
        <p className={hintClass}>Changes to this team are closed. Please contact the organisers.</p>
      ) : null}
      <p role="alert" className={errorClass}>
        {error}
      </p>
    </div>
  );
}
