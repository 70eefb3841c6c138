'use client';

import { useState } from 'react';
import { actionButtonClass, dangerButtonClass } from './buttons';

/**
 * Delete in two steps (a slip of the thumb must not delete), with the server's refusal kept in view
 * beside the item: "has orders, hide it instead" is advice the organiser needs to read, not a flash.
 */
export function ConfirmDeleteButton({
  name,
  onDelete,
  disabled = false,
}: {
  name: string;
  /** Answers null when deleted, or the server's message when refused. */
  onDelete: () => Promise<string | null>;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const message = await onDelete();
    setBusy(false);
    setAsking(false);
    setRefusal(message);
  }

  return (
    <div className="contents">
      {asking ? (
        <span role="group" aria-label={`Delete ${name}?`} className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-parchment">Delete {name}?</span>
          <button type="button" className={dangerButtonClass} onClick={() => void confirm()} disabled={busy}>
            Yes, delete
          </button>
          <button
            type="button"
            className={actionButtonClass}
            onClick={() => setAsking(false)}
            disabled={busy}
          >
            Cancel
          </button>
        </span>
      ) : (
        <button
          type="button"
          className={dangerButtonClass}
          onClick={() => {
            setRefusal(null);
            setAsking(true);
          }}
          disabled={disabled}
          aria-label={`Delete ${name}`}
        >
          Delete
        </button>
      )}
      {refusal ? (
        <p
          role="alert"
          className="w-full basis-full rounded-lg border border-red-400/50 bg-red-950/60 px-3 py-2 text-sm text-red-100"
        >
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
