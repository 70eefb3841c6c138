'use client';

import { useId, useState, type ReactNode } from 'react';
import { primaryButtonClass } from './buttons';

/** An "Add ..." button that opens its form in place; the form calls `close` once saved or cancelled. */
export function AddPanel({ label, children }: { label: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-3">
      <button
        type="button"
        className={primaryButtonClass}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Close' : label}
      </button>
      {open ? (
        <div id={id} className="mt-3 rounded-lg border border-gold/25 bg-night/60 p-3 sm:p-4">
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}
