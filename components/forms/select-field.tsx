import { useId, type ComponentPropsWithRef } from 'react';
import { inputClass, labelClass } from './field-classes';
import { describedBy, FieldMessage } from './field-message';

type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  error?: string;
};

/** A labelled select whose first, unselectable option is the placeholder. */
export function SelectField({
  label,
  placeholder,
  options,
  error,
  className = '',
  ...selectProps
}: SelectFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        defaultValue=""
        className={`${inputClass} appearance-none bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat pr-10`}
        style={{ backgroundImage: chevron }}
        {...describedBy(messageId, error)}
        {...selectProps}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value} className="bg-night">
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} />
    </div>
  );
}

const chevron =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%23e9c46a'%3E%3Cpath d='M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z'/%3E%3C/svg%3E\")";
