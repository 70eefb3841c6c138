'use client';

import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { FigureList } from '@/components/admin/ui/figure-list';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { GroupedListConsole, visibilityToggle } from '@/components/admin/ui/list-console';
import { TextAreaField } from '@/components/admin/ui/text-area-field';
import { useConsoleForm } from '@/components/admin/ui/use-console-form';
import { WaitingListLink } from '@/components/admin/waiting-lists/waiting-list-link';
import { TextField } from '@/components/forms/text-field';
import { formatPrice } from '@/lib/money';
import { formatShortDate } from '@/lib/format';
import {
  accommodationOptionSchema,
  accommodationTypeSchema,
  type AdminAccommodationOption,
  type AdminAccommodationType,
} from '@/lib/schemas/admin-content';
import type { LiveEntryCounts } from '@/lib/schemas/waiting-lists';

const nights = (days: number) => `${days} ${days === 1 ? 'night' : 'nights'}`;

/** Accommodation in the console: stay types in order, each with its date options in order and their occupancy. */
export function AccommodationConsole({
  types,
  waiting = {},
}: {
  types: AdminAccommodationType[];
  /** People waiting and offered per date option id, for the links to the waiting lists. */
  waiting?: LiveEntryCounts;
}) {
  return (
    <GroupedListConsole
      group={{ resource: 'accommodation-type', what: 'accommodation type' }}
      item={{ resource: 'accommodation-option', what: 'option' }}
      addLabel="Add a stay type"
      emptyText="No stay types yet."
      groups={types}
      view={(type) => ({
        name: type.accommodationType,
        detail:
          type.pricePerNight === null
            ? 'Not priced yet: cannot be booked'
            : `${formatPrice({ rupees: type.pricePerNight })} per night`,
        hidden: !type.isVisible,
        toggles: [visibilityToggle(type.isVisible)],
      })}
      form={(close, type) => <TypeForm type={type} onDone={close} />}
      itemsOf={(type) => type.options}
      itemsHeading={(type) => `Dates of ${type.accommodationType}`}
      itemsEmptyText="No dates yet: nothing can be booked."
      itemView={(option) => ({
        name: `From ${formatShortDate(option.startDate)}, ${nights(option.days)}`,
        detail: (
          <>
            <Occupancy option={option} />
            <WaitingListLink
              kind="accommodation_option"
              itemId={option.id}
              about={`${types.find((t) => t.id === option.typeId)?.accommodationType ?? 'stay'} from ${formatShortDate(option.startDate)}`}
              counts={waiting[option.id]}
            />
          </>
        ),
        hidden: !option.isVisible,
        toggles: [visibilityToggle(option.isVisible)],
      })}
      itemForm={(close, type, option) => <OptionForm typeId={type.id} option={option} onDone={close} />}
      addItemLabel={(type) => `Add dates to ${type.accommodationType}`}
    />
  );
}

function Occupancy({ option }: { option: AdminAccommodationOption }) {
  const taken = option.booked + option.held;
  const percent = option.capacity === 0 ? 100 : Math.min(100, Math.round((taken / option.capacity) * 100));
  return (
    <div className="mt-1">
      <FigureList
        figures={[
          ['Capacity', option.capacity],
          ['Booked', option.booked],
          ['Held now', option.held],
          ['Left', option.left],
        ]}
      />
      <div
        role="img"
        aria-label={`${percent}% taken`}
        className="mt-2 h-2 w-full max-w-xs overflow-hidden rounded-full bg-parchment/15"
      >
        <div className="h-full bg-gold" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function TypeForm({ type, onDone }: { type?: AdminAccommodationType; onDone: () => void }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    accommodationTypeSchema,
    {
      accommodationType: type?.accommodationType ?? '',
      pricePerNight: type?.pricePerNight != null ? String(type.pricePerNight) : '',
      description: type?.description ?? '',
      isVisible: type?.isVisible ?? true,
    },
    { resource: 'accommodation-type', id: type?.id, failure: 'The stay type could not be saved.', onDone },
  );
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={type ? 'Save stay type' : 'Add stay type'}
      onCancel={onDone}
    >
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.accommodationType?.message}
        {...register('accommodationType')}
      />
      <TextField
        label="Price per night (₹, whole rupees)"
        inputMode="numeric"
        hint="Leave empty while the price is not decided: the stay cannot be booked until it is."
        error={errors.pricePerNight?.message}
        {...register('pricePerNight')}
      />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <CheckboxField label="Offered on the accommodation page" {...register('isVisible')} />
    </ConsoleForm>
  );
}

function OptionForm({
  typeId,
  option,
  onDone,
}: {
  typeId: number;
  option?: AdminAccommodationOption;
  onDone: () => void;
}) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    accommodationOptionSchema,
    {
      typeId,
      startDate: option?.startDate ?? '',
      days: option ? String(option.days) : '',
      capacity: option ? String(option.capacity) : '',
      isVisible: option?.isVisible ?? true,
    },
    { resource: 'accommodation-option', id: option?.id, failure: 'The dates could not be saved.', onDone },
  );
  const taken = option ? option.booked + option.held : 0;
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={option ? 'Save dates' : 'Add dates'}
      onCancel={onDone}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="First night"
          type="date"
          hint={option && taken > 0 ? 'Booked stays keep their dates.' : undefined}
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <TextField label="Nights" inputMode="numeric" error={errors.days?.message} {...register('days')} />
        <TextField
          label="Capacity (places)"
          inputMode="numeric"
          hint={option ? `At least ${taken}: ${option.booked} booked, ${option.held} held now.` : undefined}
          error={errors.capacity?.message}
          {...register('capacity')}
        />
      </div>
      <CheckboxField label="These dates are offered on the accommodation page" {...register('isVisible')} />
    </ConsoleForm>
  );
}
