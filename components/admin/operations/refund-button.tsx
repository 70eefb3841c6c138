'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { inputClass, labelClass } from '@/components/forms/field-classes';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import { refundSchema } from '@/lib/schemas/admin-operations';

/**
 * The payments list's Refund: a first press asks for confirmation (with an optional reason the buyer is
 * told), the second sends it. The list reloads from the server afterwards, so the state shown is the
 * server's, also when another organiser refunded it first.
 */
export function RefundButton({ orderId, amount, buyer }: { orderId: string; amount: string; buyer: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (open) reasonRef.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    setError(null);
    // Back to the button that opened the confirmation, so keyboard users do not lose their place.
    requestAnimationFrame(() => openerRef.current?.focus());
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = refundSchema.safeParse({ reason: reasonRef.current?.value ?? '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the reason.');
      return;
    }
    setSending(true);
    try {
      await api.post(`/api/admin/payments/${encodeURIComponent(orderId)}/refund`, parsed.data);
      toast({ title: 'Refunded', description: `${amount} goes back to ${buyer}.`, variant: 'success' });
      setOpen(false);
      router.refresh();
    } catch (caught) {
      const message = messageOf(caught, 'The refund could not be made. Please try again.');
      setError(message);
      toast({ title: 'Refund not made', description: message, variant: 'error' });
      router.refresh();
    } finally {
      setSending(false);
    }
  }

  if (!open) {
    return (
      <button
        ref={openerRef}
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 rounded-full border border-red-300 px-4 text-sm font-semibold text-red-200 hover:bg-red-900/40"
      >
        Refund
        <span className="sr-only">
          {' '}
          {amount} to {buyer}
        </span>
      </button>
    );
  }
  return (
    <form onSubmit={confirm} aria-label={`Refund ${amount} to ${buyer}`} className="grid min-w-56 gap-2">
      <p className="text-sm text-parchment">
        Refund {amount} to {buyer} and cancel what it bought?
      </p>
      <div>
        <label htmlFor={`${id}-reason`} className={labelClass}>
          Reason (mailed to the buyer)
        </label>
        <input
          ref={reasonRef}
          id={`${id}-reason`}
          name="reason"
          maxLength={300}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-300">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          aria-busy={sending || undefined}
          className="min-h-11 rounded-full bg-red-300 px-4 text-sm font-semibold text-ink disabled:opacity-60"
          disabled={sending}
        >
          {sending ? 'Refunding…' : 'Confirm refund'}
        </button>
        <button
          type="button"
          onClick={close}
          className="min-h-11 rounded-full px-4 text-sm text-gold underline"
        >
          Keep payment
        </button>
      </div>
    </form>
  );
}
