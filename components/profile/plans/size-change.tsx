'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmStep, quietButtonClass } from '@/components/forms/confirm-step-button';
import { inputClass, labelClass } from '@/components/forms/field-classes';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { MyPlans, TeeLine } from '@/lib/schemas/changes';
import type { SizeChangeOutcome } from '@/lib/schemas/size-change';

type Order = MyPlans['merchandiseOrders'][number];

/**
 * A T-shirt order's size change on the profile (POST /api/my-plans/size): per line, a select of the
 * product's sizes (sold-out ones shown, disabled) and "Change size", confirmed in a second step because
 * the old size may go at once to someone waiting for it. After the freeze it only says when changes
 * closed. `onChanged` lets the profile read the plans afresh.
 */
export function SizeChange({ order, onChanged }: { order: Order; onChanged: () => void }) {
  if (order.lines.length === 0) return null;
  if (!order.terms.open) {
    return (
      <p className="mt-3 text-sm text-parchment/80">
        {order.terms.freezeAt
          ? `Size changes closed on ${formatDateTime(order.terms.freezeAt)} (India time). Please contact the organisers.`
          : 'Size changes are closed. Please contact the organisers.'}
      </p>
    );
  }
  return (
    <div className="mt-3 flex flex-col gap-4">
      {order.lines.map((line) => (
        <LineSizeForm key={line.id} orderId={order.id} line={line} onChanged={onChanged} />
      ))}
    </div>
  );
}

function LineSizeForm({
  orderId,
  line,
  onChanged,
}: {
  orderId: string;
  line: TeeLine;
  onChanged: () => void;
}) {
  const id = useId();
  const { toast } = useToast();
  const [size, setSize] = useState(line.size);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const changeRef = useRef<HTMLButtonElement>(null);

  const unchanged = size === line.size;

  function ask(event: FormEvent) {
    event.preventDefault();
    setSaid('');
    setError('');
    if (unchanged) {
      setSaid(`Your ${line.productName} is already size ${line.size}.`);
      return;
    }
    setAsking(true);
  }

  function keep() {
    setAsking(false);
    requestAnimationFrame(() => changeRef.current?.focus());
  }

  async function confirm() {
    setBusy(true);
    try {
      const answer = await api.post<SizeChangeOutcome>('/api/my-plans/size', {
        orderId,
        lineId: line.id,
        size,
      });
      setSaid(answer.message);
      toast({ title: answer.message, variant: 'success' });
      onChanged();
    } catch (failure) {
      setError(messageOf(failure, 'Something went wrong. Please try again.'));
      setSize(line.size);
    } finally {
      setBusy(false);
      setAsking(false);
      requestAnimationFrame(() => changeRef.current?.focus());
    }
  }

  const label = `Size of your ${line.productName}${line.qty > 1 ? ` (${line.qty} of them)` : ''}`;
  return (
    <form onSubmit={ask} className="rounded-xl border border-parchment/15 bg-black/30 px-4 py-3">
      <label htmlFor={`${id}-size`} className={labelClass}>
        {label}
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <select
          id={`${id}-size`}
          value={size}
          onChange={(event) => {
            setSize(event.target.value);
            setAsking(false);
            setError('');
          }}
          disabled={busy}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          className={`${inputClass} w-auto min-w-28 flex-1`}
        >
          {line.sizes.map((option) => (
            <option key={option.size} value={option.size} disabled={!option.available} className="bg-night">
              {option.size === line.size
                ? `${option.size} (yours now)`
                : option.available
                  ? option.size
                  : `${option.size} (sold out)`}
            </option>
          ))}
        </select>
        {asking ? null : (
          <button ref={changeRef} type="submit" className={quietButtonClass} disabled={busy}>
            Change size<span className="sr-only"> of your {line.productName}</span>
          </button>
        )}
      </div>
      {asking ? (
        <ConfirmStep
          question={`Change your ${line.productName} to size ${size}?`}
          consequence={`Change from size ${line.size} to size ${size}? The price stays the same. Size ${line.size} may go at once to someone waiting for it, so you might not get it back.`}
          yes={`Yes, change to ${size}`}
          no={`Keep size ${line.size}`}
          tone="go"
          busy={busy}
          onYes={() => void confirm()}
          onNo={keep}
        />
      ) : null}
      <p role="status" aria-live="polite" className="mt-2 text-sm text-parchment/90 empty:mt-0">
        {said}
      </p>
      <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-300 empty:mt-0">
        {error}
      </p>
    </form>
  );
}
