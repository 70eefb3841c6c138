import { useId, type ComponentPropsWithRef } from 'react';
import { inputClass, labelClass } from './field-classes';
import { describedBy, FieldMessage } from './field-message';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input with its error underneath. Takes react-hook-form's `register()` props (ref included). */
export function TextField({ label, error, hint, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} {...describedBy(messageId, error, hint)} {...inputProps} />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
