import { useId, type ComponentPropsWithRef } from 'react';

type CheckFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & { label: string; hint?: string };

/** A labelled checkbox sized for a thumb; takes react-hook-form's `register()` props. */
export function CheckField({ label, hint, className = '', ...inputProps }: CheckFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-amber-400"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...inputProps}
      />
      <div>
        <label htmlFor={id} className="text-base text-parchment">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-parchment/75">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
