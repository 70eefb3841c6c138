import { useId, type ComponentPropsWithRef } from 'react';
import { inputClass, labelClass } from '@/components/forms/field-classes';
import { describedBy, FieldMessage } from '@/components/forms/field-message';

type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled multi-line input with its error underneath, in the account forms' look. */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  rows = 4,
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className={inputClass}
        {...describedBy(messageId, error, hint)}
        {...props}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
