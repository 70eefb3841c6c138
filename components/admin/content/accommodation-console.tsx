'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddPanel } from '@/components/admin/ui/add-panel';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { ContentRow } from '@/components/admin/ui/content-row';
import { FormActions } from '@/components/admin/ui/form-actions';
import { TextAreaField } from '@/components/admin/ui/text-area-field';
import { useConsoleWrite, showFieldErrors } from '@/components/admin/ui/use-console-write';
import { useListActions } from '@/components/admin/ui/use-list-actions';
import { submitOnce } from '@/components/forms/submit-once';
import { TextField } from '@/components/forms/text-field';
import { formatMoney } from '@/components/payment/money';
import { api } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import {
  accommodationOptionSchema,
  accommodationTypeSchema,
  type AdminAccommodationOption,
  type AdminAccommodationType,
} from '@/lib/schemas/admin-content';

const nights = (days: number) => `${days} ${days === 1 ? 'night' : 'nights'}`;

/** Accommodation in the console: stay types in order, each with its date options and their occupancy. */
export function AccommodationConsole({ types }: { types: AdminAccommodationType[] }) {
  const typeActions = useListActions('accommodation-type', 'accommodation type');
  const optionActions = useListActions('accommodation-option', 'option');
  const typeIds = types.map((t) => t.id);
  return (
    <>
      <AddPanel label="Add a stay type">{(close) => <TypeForm onDone={close} />}</AddPanel>
      {types.length === 0 ? <p className="mt-6 text-parchment/80">No stay types yet.</p> : null}
      <ol className="mt-6 flex flex-col gap-6">
        {types.map((type, index) => (
          <ContentRow
            key={type.id}
            name={type.accommodationType}
            detail={
              type.pricePerNight === null
                ? 'Not priced yet: cannot be booked'
                : `${formatMoney(type.pricePerNight)} per night`
            }
            hidden={!type.isVisible}
            index={index}
            count={types.length}
            onMove={(direction) => typeActions.move(typeIds, index, direction)}
            toggleLabel={type.isVisible ? 'Hide' : 'Show'}
            onToggle={() => typeActions.toggle(type.id, 'isVisible', !type.isVisible)}
            onDelete={() => typeActions.remove(type.id)}
            edit={(close) => <TypeForm type={type} onDone={close} />}
            busy={typeActions.busy}
          >
            <h2 className="mt-4 font-display text-base text-gold sm:pl-6">
              Dates of {type.accommodationType}
            </h2>
            {type.options.length === 0 ? (
              <p className="mt-2 text-sm text-parchment/80 sm:pl-6">No dates yet: nothing can be booked.</p>
            ) : null}
            <ol className="mt-2 flex flex-col gap-3 sm:pl-6">
              {type.options.map((option, optionIndex) => (
                <ContentRow
                  key={option.id}
                  name={`From ${formatShortDate(option.startDate)}, ${nights(option.days)}`}
                  detail={<Occupancy option={option} />}
                  hidden={false}
                  index={optionIndex}
                  count={type.options.length}
                  onDelete={() => optionActions.remove(option.id)}
                  edit={(close) => <OptionForm typeId={type.id} option={option} onDone={close} />}
                  busy={optionActions.busy}
                />
              ))}
            </ol>
            <div className="sm:pl-6">
              <AddPanel label={`Add dates to ${type.accommodationType}`}>
                {(close) => <OptionForm typeId={type.id} onDone={close} />}
              </AddPanel>
            </div>
          </ContentRow>
        ))}
      </ol>
    </>
  );
}

function Occupancy({ option }: { option: AdminAccommodationOption }) {
  const taken = option.booked + option.held;
  const percent = option.capacity === 0 ? 100 : Math.min(100, Math.round((taken / option.capacity) * 100));
  return (
    <div className="mt-1">
      <dl className="flex flex-wrap gap-x-4 gap-y-1">
        {(
          [
            ['Capacity', option.capacity],
            ['Booked', option.booked],
            ['Held now', option.held],
            ['Left', option.left],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex gap-1">
            <dt>{label}</dt>
            <dd
              className={`font-semibold ${label === 'Left' && value === 0 ? 'text-red-300' : 'text-parchment'}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
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
  const { write } = useConsoleWrite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof accommodationTypeSchema>, unknown, z.output<typeof accommodationTypeSchema>>({
    resolver: zodResolver(accommodationTypeSchema),
    defaultValues: {
      accommodationType: type?.accommodationType ?? '',
      pricePerNight: type?.pricePerNight != null ? String(type.pricePerNight) : '',
      description: type?.description ?? '',
      isVisible: type?.isVisible ?? true,
    },
  });
  async function save(values: z.output<typeof accommodationTypeSchema>) {
    const result = await write(
      () =>
        type
          ? api.patch(`/api/admin/accommodation-type/${type.id}`, values)
          : api.post('/api/admin/accommodation-type', values),
      'The stay type could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
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
      <FormActions
        pending={isSubmitting}
        saveLabel={type ? 'Save stay type' : 'Add stay type'}
        onCancel={onDone}
      />
    </form>
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
  const { write } = useConsoleWrite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof accommodationOptionSchema>, unknown, z.output<typeof accommodationOptionSchema>>(
    {
      resolver: zodResolver(accommodationOptionSchema),
      defaultValues: {
        typeId,
        startDate: option?.startDate ?? '',
        days: option ? String(option.days) : '',
        capacity: option ? String(option.capacity) : '',
      },
    },
  );
  async function save(values: z.output<typeof accommodationOptionSchema>) {
    const result = await write(
      () =>
        option
          ? api.patch(`/api/admin/accommodation-option/${option.id}`, values)
          : api.post('/api/admin/accommodation-option', values),
      'The dates could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  const taken = option ? option.booked + option.held : 0;
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
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
      <FormActions pending={isSubmitting} saveLabel={option ? 'Save dates' : 'Add dates'} onCancel={onDone} />
    </form>
  );
}
