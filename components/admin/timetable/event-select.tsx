import { useId, type ComponentPropsWithRef } from 'react';
import { describedBy, FieldMessage } from '@/components/forms/field-message';
import { inputClass, labelClass } from '@/components/forms/field-classes';

/** The events a session can be given, by category, as the events console lists them. */
export interface EventChoice {
  id: number;
  name: string;
  isVisible: boolean;
}

export interface CategoryChoice {
  id: number;
  name: string;
  isVisible: boolean;
  events: EventChoice[];
}

/**
 * A labelled select of every event, grouped by category (an event's name alone may repeat across
 * categories). Hidden events can have sessions too, and say so. Takes react-hook-form's `register()` props.
 */
export function EventSelect({
  categories,
  error,
  ...selectProps
}: Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  categories: readonly CategoryChoice[];
  error?: string;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Event
      </label>
      <select
        id={id}
        defaultValue=""
        className={inputClass}
        {...describedBy(messageId, error)}
        {...selectProps}
      >
        <option value="" disabled>
          Choose an event
        </option>
        {categories.map((category) => (
          <optgroup
            key={category.id}
            label={category.isVisible ? category.name : `${category.name} (hidden)`}
            className="bg-night"
          >
            {category.events.map((event) => (
              <option key={event.id} value={String(event.id)} className="bg-night">
                {event.isVisible ? event.name : `${event.name} (hidden)`}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} />
    </div>
  );
}
