import Link from 'next/link';
import { inputClass, labelClass } from '@/components/forms/field-classes';

export interface FilterField {
  name: string;
  label: string;
  value?: string | number;
  /** A select when options are given, else a search box. */
  options?: readonly { value: string | number; label: string }[];
  /** The select's "no filter" entry. */
  anyLabel?: string;
  placeholder?: string;
}

/** The free-text search every list starts its filters with. */
export function searchField(value: string | undefined, placeholder: string): FilterField {
  return { name: 'q', label: 'Search', value, placeholder };
}

/** The status filter of lists whose rows are either confirmed or cancelled. */
export function statusField(value: string | undefined): FilterField {
  return {
    name: 'status',
    label: 'Status',
    value,
    anyLabel: 'Any status',
    options: [
      { value: 'confirmed', label: 'Confirmed' },
      { value: 'cancelled', label: 'Cancelled' },
    ],
  };
}

/**
 * A list's filters as a plain GET form: the filters live in the address (shareable, bookmarkable, and the
 * same parameters feed the CSV export) and the page needs no script to filter.
 */
export function FilterForm({
  label,
  action,
  fields,
}: {
  label: string;
  action: string;
  fields: FilterField[];
}) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="mt-4 grid gap-3 rounded-lg border border-white/10 p-3 sm:grid-cols-2 lg:grid-cols-4 print:hidden"
    >
      {fields.map((field) => {
        const id = `filter-${field.name}`;
        return (
          <div key={field.name}>
            <label htmlFor={id} className={labelClass}>
              {field.label}
            </label>
            {field.options ? (
              <select
                id={id}
                name={field.name}
                defaultValue={field.value === undefined ? '' : String(field.value)}
                className={inputClass}
              >
                <option value="" className="bg-night">
                  {field.anyLabel ?? 'All'}
                </option>
                {field.options.map((o) => (
                  <option key={o.value} value={o.value} className="bg-night">
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={field.name}
                type="search"
                defaultValue={field.value === undefined ? '' : String(field.value)}
                placeholder={field.placeholder}
                maxLength={100}
                className={inputClass}
              />
            )}
          </div>
        );
      })}
      <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
        <button
          type="submit"
          className="min-h-12 rounded-full bg-gold px-6 font-display tracking-wide text-ink"
        >
          Apply filters
        </button>
        <Link href={action} prefetch={false} className="min-h-12 content-center px-2 text-gold underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
