'use client';

import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Spinner } from './spinner';

/*
 * The second step of something that cannot be taken back (cancel, leave a list, give a place away, change a
 * size), asked in place: a slip of the thumb on a phone must not do it, and window.confirm is neither
 * styled nor announced well. One look and one behaviour for all of them.
 */

export const quietButtonClass =
  'inline-flex min-h-11 items-center rounded-full border border-parchment/40 px-4 py-2 text-sm text-parchment transition hover:border-gold hover:text-gold disabled:opacity-60';
export const dangerButtonClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-red-400/70 bg-red-950/60 px-4 py-2 text-sm text-red-100 transition hover:bg-red-900/70 disabled:opacity-60';
export const goButtonClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full bg-gold px-4 py-2 text-sm font-semibold text-ink transition hover:bg-amber-300 disabled:opacity-60';

/**
 * The question's group: its consequence, "yes" (focused when it appears, so the keyboard and a screen
 * reader land on it) and "no". `tone` is danger for giving something up, go for taking or moving it;
 * `showQuestion` also prints the question above the consequence.
 */
export function ConfirmStep({
  question,
  consequence,
  yes,
  no,
  busy,
  onYes,
  onNo,
  yesRef,
  tone = 'danger',
  showQuestion = false,
}: {
  question: string;
  consequence: ReactNode;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
  yesRef?: RefObject<HTMLButtonElement | null>;
  tone?: 'danger' | 'go';
  showQuestion?: boolean;
}) {
  const ownRef = useRef<HTMLButtonElement>(null);
  const ref = yesRef ?? ownRef;
  useEffect(() => {
    ref.current?.focus();
  }, [ref]);
  return (
    <div role="group" aria-label={question} className="mt-3">
      {showQuestion ? <p className="text-sm font-semibold text-parchment">{question}</p> : null}
      <p className="text-sm text-parchment/90">{consequence}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={ref}
          type="button"
          className={tone === 'go' ? goButtonClass : dangerButtonClass}
          onClick={onYes}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {yes}
        </button>
        <button type="button" className={quietButtonClass} onClick={onNo} disabled={busy}>
          {no}
        </button>
      </div>
    </div>
  );
}

/**
 * A button that opens a ConfirmStep. `onConfirm` answers whether it was done: done, the caller's list
 * usually drops the item; refused, the button comes back and the caller says why.
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
      <ConfirmStep
        question={question}
        consequence={consequence}
        yes={yes}
        no={no}
        busy={busy}
        onYes={() => void confirm()}
        onNo={back}
      />
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
