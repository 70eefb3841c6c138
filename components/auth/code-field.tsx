import type { ComponentPropsWithRef } from 'react';
import { TextField } from '@/components/forms/text-field';
import { digitsOnly, otpLength } from '@/lib/schemas/auth-rules';

type CodeFieldProps = Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'type'> & {
  label: string;
  error?: string;
  hint?: string;
  /** Receives the change with the input already cleaned to at most six digits. */
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
};

/** The six-digit code input: anything but digits is dropped as the visitor types or pastes. */
export function CodeField({ onChange, ...props }: CodeFieldProps) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={otpLength}
      placeholder="••••••"
      className="[&_input]:text-center [&_input]:font-display [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      {...props}
      onChange={(event) => {
        const clean = digitsOnly(event.target.value);
        if (clean !== event.target.value) event.target.value = clean;
        onChange(event);
      }}
    />
  );
}
