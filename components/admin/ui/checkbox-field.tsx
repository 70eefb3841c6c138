import { useId, type ComponentPropsWithRef } from 'react';

type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & {
  label: string;
  hint?: string;
};

/** A labelled checkbox big enough for a thumb; takes react-hook-form's `register()` props. */
export function CheckboxField({ label, hint, className = '', ...inputProps }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-6 w-6 shrink-0 accent-amber-400"
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
