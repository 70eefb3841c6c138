'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A button that does something that cannot be taken back, in two steps: the first shows the question and
 * its consequence, the second does it. A slip of the thumb on a phone must not give up a place, and
 * window.confirm is neither styled nor announced well. `onConfirm` answers whether it was done: done, the
 * caller's list usually drops the item; refused, the buttons come back and the caller says why.
 */
export function ConfirmStepButton({
  children,
  question,
  consequence,
  yes,
  no,
  onConfirm,
  className = '',
}: {
  /** The first button's content (it may carry sr-only words naming the item). */
  children: ReactNode;
  /** The group's accessible name, e.g. "Cancel your registration for Robo Race?". */
  question: string;
  consequence: ReactNode;
  yes: string;
  no: string;
  onConfirm: () => Promise<boolean>;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) yesRef.current?.focus();
  }, [asking]);

  async function confirm() {
    setBusy(true);
    const done = await onConfirm();
    if (!done) {
      setBusy(false);
      setAsking(false);
    }
  }

  function back() {
    setAsking(false);
    // The second step is gone: back to the button that opened it.
    requestAnimationFrame(() => openRef.current?.focus());
  }

  if (asking) {
    return (
      <div role="group" aria-label={question} className={`mt-3 ${className}`}>
        <p className="text-sm">{consequence}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            ref={yesRef}
            type="button"
            className={dangerButtonClass}
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy}
          >
            {yes}
          </button>
          <button type="button" className={quietButtonClass} onClick={back} disabled={busy}>
            {no}
          </button>
        </div>
      </div>
    );
  }
  return (
    <button
      ref={openRef}
      type="button"
      className={`mt-3 ${quietButtonClass} ${className}`}
      onClick={() => setAsking(true)}
    >
      {children}
    </button>
  );
}

export const quietButtonClass =
  'inline-flex min-h-11 items-center rounded-full border border-parchment/40 px-4 py-2 text-sm text-parchment transition hover:border-gold hover:text-gold disabled:opacity-60';
export const dangerButtonClass =
  'inline-flex min-h-11 items-center rounded-full border border-red-400/70 bg-red-950/60 px-4 py-2 text-sm text-red-100 transition hover:bg-red-900/70 disabled:opacity-60';
