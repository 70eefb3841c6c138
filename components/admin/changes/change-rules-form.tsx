'use client';

import { useState, type FormEvent } from 'react';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { inputClass, labelClass } from '@/components/forms/field-classes';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { api, ApiError } from '@/lib/api-client';
import type { RefundPolicy } from '@/lib/schemas/changes';
import type { AdminChangeRules } from '@/lib/schemas/changes-console';
import { localInputValue } from '@/lib/timetable';

const policyLabels: Record<RefundPolicy, string> = {
  none: 'No refund (as the terms say)',
  full: 'Full refund',
  percent: 'A share, until a date',
};

type Field = 'changesFreezeAt' | 'refundPolicy' | 'refundPercent' | 'refundUntil';

/**
 * One item's rules for participants' own changes: until when they may change or cancel it (empty: the
 * default, shown), and what a cancellation gives back. The server checks every value and its messages show
 * by their fields.
 */
export function ChangeRulesForm({ rules }: { rules: AdminChangeRules }) {
  const { write, busy } = useConsoleWrite();
  const [freeze, setFreeze] = useState(rules.changesFreezeAt ? localInputValue(rules.changesFreezeAt) : '');
  const [policy, setPolicy] = useState<RefundPolicy>(rules.refundPolicy);
  const [percent, setPercent] = useState(rules.refundPercent === null ? '' : String(rules.refundPercent));
  const [until, setUntil] = useState(rules.refundUntil ? localInputValue(rules.refundUntil) : '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const base = `rules-${rules.entity}-${rules.id}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setErrors({});
    const result = await write(
      () =>
        api.put('/api/admin/change-rules', {
          entity: rules.entity,
          id: rules.id,
          changesFreezeAt: freeze,
          refundPolicy: policy,
          refundPercent: policy === 'percent' ? percent : null,
          refundUntil: policy === 'percent' ? until : null,
        }),
      'The rules could not be saved.',
    );
    if (!result.ok) {
      const fields = result.error instanceof ApiError ? result.error.fieldErrors : undefined;
      setErrors(fields ?? { changesFreezeAt: result.message });
    }
  }

  return (
    <form
      noValidate
      onSubmit={save}
      aria-label={`Rules for ${rules.name}`}
      className="mt-3 flex flex-col gap-3"
    >
      <TextField
        label="Changes close at (festival time)"
        type="datetime-local"
        value={freeze}
        onChange={(e) => setFreeze(e.target.value)}
        hint={`Leave empty for the default: ${defaultLabel(rules)}.`}
        error={errors.changesFreezeAt}
      />
      <div>
        <label htmlFor={`${base}-policy`} className={labelClass}>
          Refund on cancellation
        </label>
        <select
          id={`${base}-policy`}
          className={inputClass}
          value={policy}
          onChange={(e) => setPolicy(e.target.value as RefundPolicy)}
        >
          {(Object.keys(policyLabels) as RefundPolicy[]).map((p) => (
            <option key={p} value={p} className="bg-night">
              {policyLabels[p]}
            </option>
          ))}
        </select>
      </div>
      {policy === 'percent' ? (
        <>
          <TextField
            label="Share refunded (%)"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            error={errors.refundPercent}
          />
          <TextField
            label="Refunded until (festival time, optional)"
            type="datetime-local"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            hint="After this, a cancellation gives nothing back. Empty: until changes close."
            error={errors.refundUntil}
          />
        </>
      ) : null}
      <SubmitButton pending={busy} className="sm:w-auto sm:self-start">
        Save rules<span className="sr-only"> for {rules.name}</span>
      </SubmitButton>
    </form>
  );
}

function defaultLabel(rules: AdminChangeRules): string {
  const when = rules.changesFreezeAt ? null : localInputValue(rules.effectiveFreezeAt).replace('T', ' ');
  const rule =
    rules.entity === 'event' ? '24 hours before the event’s first session' : '7 days before the festival';
  return when ? `${rule}, now ${when}` : rule;
}
