'use client';

import { useId, useState, type ComponentPropsWithRef } from 'react';
import { inputClass, labelClass } from './field-classes';
import { describedBy, FieldMessage } from './field-message';

type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & {
  label: string;
  error?: string;
  hint?: string;
  /** Whether the password starts readable (the reset screen's new password does). */
  defaultVisible?: boolean;
};

/** A labelled password input with a show/hide toggle button. */
export function PasswordField({
  label,
  error,
  hint,
  defaultVisible = false,
  className = '',
  ...inputProps
}: PasswordFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pr-12`}
          autoCapitalize="none"
          spellCheck={false}
          {...describedBy(messageId, error, hint)}
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-parchment/80 transition hover:text-gold"
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
