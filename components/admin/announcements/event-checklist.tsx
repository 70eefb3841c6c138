import { useId, type ComponentPropsWithRef } from 'react';
import type { CategoryChoice } from '@/components/admin/timetable/event-select';

/**
 * The events an announcement can go to the registrants of: a checkbox each, under its category's name
 * (an event's name alone may repeat across categories). Checkboxes, not a multiple select, as those are
 * easy to tick on a phone and each says its own state to a screen reader.
 */
export function EventChecklist({
  categories,
  error,
  register,
}: {
  categories: readonly CategoryChoice[];
  error?: string;
  register: Omit<ComponentPropsWithRef<'input'>, 'type' | 'value'>;
}) {
  const id = useId();
  return (
    <fieldset className="mt-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-base font-semibold text-parchment">Events</legend>
      {/* A festival has dozens of events: they scroll in a box of their own, so the channels and the
          send button stay near. */}
      <div className="mt-1 max-h-96 overflow-y-auto rounded border border-white/10 px-2 pb-2">
        {categories
          .filter((c) => c.events.length > 0)
          .map((category) => (
            <fieldset key={category.id} className="mt-2">
              <legend className="text-sm text-parchment/80">
                {category.isVisible ? category.name : `${category.name} (hidden)`}
              </legend>
              <div className="grid gap-x-4 sm:grid-cols-2">
                {category.events.map((event) => (
                  <label key={event.id} className="flex min-h-11 items-center gap-3 text-parchment">
                    <input
                      type="checkbox"
                      value={String(event.id)}
                      className="h-5 w-5 shrink-0 accent-amber-400"
                      {...register}
                    />
                    {event.isVisible ? event.name : `${event.name} (hidden)`}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
