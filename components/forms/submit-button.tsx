'use client';

import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';
import { PulsingDots } from './pulsing-dots';
import { Spinner } from './spinner';

interface SubmitButtonProps {
  children: ReactNode;
  pending?: boolean;
  /** Looks disabled (and says so to assistive technology) yet stays clickable, so a submit shows every error. */
  looksDisabled?: boolean;
  /** Really disabled: the form cannot be sent yet. */
  disabled?: boolean;
  /** What shows while pending: a spinner beside the label, or three pulsing dots in its place. */
  busyIndicator?: 'spinner' | 'dots';
  className?: string;
}

const base =
  'relative inline-flex min-h-12 w-full items-center justify-center gap-3 rounded-full px-6 py-2 font-display text-base tracking-widest transition';
const active = 'bg-gold text-ink shadow-lg shadow-amber-900/30 hover:bg-amber-300';
const inactive = 'cursor-not-allowed bg-gold/35 text-ink/80';

/** The forms' submit button. */
export function SubmitButton({
  children,
  pending = false,
  looksDisabled = false,
  disabled = false,
  busyIndicator = 'spinner',
  className = '',
}: SubmitButtonProps) {
  // Until the form's script has loaded, a submit would send the fields (password included) in the URL.
  const hydrated = useHydrated();
  const dim = looksDisabled || disabled;
  return (
    <button
      type="submit"
      disabled={disabled || !hydrated}
      aria-disabled={looksDisabled || pending || undefined}
      aria-busy={pending || undefined}
      className={`${base} ${dim ? inactive : active} ${pending ? 'cursor-wait' : ''} ${className}`}
    >
      {pending && busyIndicator === 'spinner' ? <Spinner /> : null}
      {pending && busyIndicator === 'dots' ? <PulsingDots /> : null}
      <span className={pending && busyIndicator === 'dots' ? 'sr-only' : undefined}>{children}</span>
    </button>
  );
}
