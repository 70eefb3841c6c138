import type { ReactNode } from 'react';

const actionClass =
  'min-h-11 rounded-full border border-parchment/40 px-4 text-sm text-parchment hover:bg-white/10 disabled:opacity-40';
const dangerClass =
  'min-h-11 rounded-full border border-red-400/60 px-4 text-sm text-red-200 hover:bg-red-950/60 disabled:opacity-40';

/**
 * A worded button ("Move up", "Delete") completed for screen readers with what it acts on, since a
 * list shows many buttons with the same word.
 */
export function ActionButton({
  children,
  about,
  onClick,
  disabled,
  danger = false,
}: {
  children: ReactNode;
  about: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={danger ? dangerClass : actionClass}
    >
      {children}
      <span className="sr-only"> {about}</span>
    </button>
  );
}
