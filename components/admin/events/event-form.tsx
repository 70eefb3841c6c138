'use client';

import { useFieldArray } from 'react-hook-form';
import { SelectField } from '@/components/forms/select-field';
import { TextField } from '@/components/forms/text-field';
import { FormUploadField } from '@/components/admin/image-upload-field';
import { ActionButton } from '@/components/admin/ui/action-button';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { TextAreaField } from '@/components/admin/ui/text-area-field';
import { useConsoleForm } from '@/components/admin/ui/use-console-form';
import {
  eventSchema,
  toFestivalLocalInput,
  type AdminEvent,
  type AdminEventCategory,
  type EventInput,
} from '@/lib/schemas/admin-events';

function defaultsFor(categoryId: number, event?: AdminEvent): EventInput {
  return {
    categoryId,
    name: event?.name ?? '',
    description: event?.description ?? '',
    imageUrl: event?.imageUrl ?? '',
    isRegistrationOpen: event?.isRegistrationOpen ?? true,
    isVisible: event?.isVisible ?? true,
    instituteFeeWaived: event?.instituteFeeWaived ?? false,
    venue: event?.venue ?? '',
    startsAt: toFestivalLocalInput(event?.startsAt ?? null),
    poc1Name: event?.poc1Name ?? '',
    poc1PhoneNo: event?.poc1PhoneNo ?? '',
    poc2Name: event?.poc2Name ?? '',
    poc2PhoneNo: event?.poc2PhoneNo ?? '',
    ruleBookPdfUrl: event?.ruleBookPdfUrl ?? '',
    participations: event
      ? event.participations.map((o) => ({
          id: o.id,
          participationName: o.participationName,
          price: o.price,
          minRange: o.minRange,
          maxRange: o.maxRange,
          placeLimit: o.placeLimit ?? '',
        }))
      : [{ participationName: 'Solo', price: 0, minRange: 1, maxRange: 1, placeLimit: '' }],
  };
}

/**
 * The whole event in one form: details, contacts, art and rule book (uploaded as they are picked) and
 * the ways of taking part. Options with registrations say so; the server refuses to remove them.
 */
export function EventForm({
  categories,
  categoryId,
  event,
  onDone,
}: {
  categories: readonly AdminEventCategory[];
  categoryId: number;
  event?: AdminEvent;
  onDone: () => void;
}) {
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(eventSchema, defaultsFor(categoryId, event), {
    resource: 'event',
    id: event?.id,
    failure: 'The event could not be saved.',
    onDone,
  });
  // The options' own `id` is data (the server keeps options by it), so the list keys live elsewhere.
  const options = useFieldArray({ control, name: 'participations', keyName: 'fieldKey' });
  const registrationsByOption = new Map(event?.participations.map((o) => [o.id, o.registrationCount]));
  const takenByOption = new Map(event?.participations.map((o) => [o.id, o.placesTaken]));

  const optionErrors = errors.participations;

  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={event ? 'Save event' : 'Create event'}
      onCancel={onDone}
    >
      <TextField label="Event name" error={errors.name?.message} {...register('name')} />
      <SelectField
        label="Category"
        placeholder="Choose a category"
        options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        error={errors.categoryId?.message}
        {...register('categoryId')}
      />
      <TextAreaField
        label="Description"
        rows={6}
        error={errors.description?.message}
        {...register('description')}
      />
      <FormUploadField
        control={control}
        name="imageUrl"
        label="Event image"
        hint="JPEG, PNG or WebP, up to 10 MB."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Venue (optional)" error={errors.venue?.message} {...register('venue')} />
        <TextField
          label="Starts at (festival time, optional)"
          type="datetime-local"
          error={errors.startsAt?.message}
          {...register('startsAt')}
        />
        <TextField label="First contact’s name" error={errors.poc1Name?.message} {...register('poc1Name')} />
        <TextField
          label="First contact’s phone"
          type="tel"
          error={errors.poc1PhoneNo?.message}
          {...register('poc1PhoneNo')}
        />
        <TextField
          label="Second contact’s name (optional)"
          error={errors.poc2Name?.message}
          {...register('poc2Name')}
        />
        <TextField
          label="Second contact’s phone (optional)"
          type="tel"
          error={errors.poc2PhoneNo?.message}
          {...register('poc2PhoneNo')}
        />
      </div>
      <FormUploadField
        control={control}
        name="ruleBookPdfUrl"
        label="Rule book (PDF, optional)"
        accept="application/pdf"
        hint="A PDF up to 10 MB, linked from the event's page."
      />
      <fieldset className="flex flex-col gap-3 rounded-lg border border-parchment/20 p-3">
        <legend className="px-1 font-display text-sm tracking-wide text-gold">Switches</legend>
        <CheckboxField label="Registration open" {...register('isRegistrationOpen')} />
        <CheckboxField label="Shown on the public site" {...register('isVisible')} />
        <CheckboxField
          label="Institute students take part free"
          hint="The institute fee waiver: students with the institute's e-mail do not pay."
          {...register('instituteFeeWaived')}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4 rounded-lg border border-parchment/20 p-3">
        <legend className="px-1 font-display text-sm tracking-wide text-gold">Ways of taking part</legend>
        {options.fields.length === 0 ? (
          <p className="text-sm text-parchment/80">
            No options: the event page will say it is not taking registrations.
          </p>
        ) : null}
        {options.fields.map((option, index) => {
          const used = option.id === undefined ? 0 : (registrationsByOption.get(Number(option.id)) ?? 0);
          const taken = option.id === undefined ? 0 : (takenByOption.get(Number(option.id)) ?? 0);
          const errorsHere = optionErrors?.[index];
          return (
            <div key={option.fieldKey} className="rounded-lg bg-black/30 p-3">
              <p className="mb-2 text-sm text-parchment/80">
                Option {index + 1}
                {used > 0 ? ` · ${used} registration${used === 1 ? '' : 's'}: cannot be removed` : ''}
              </p>
              <div className="grid gap-3 sm:grid-cols-4">
                <TextField
                  label={`Option ${index + 1} name`}
                  className="sm:col-span-4"
                  error={errorsHere?.participationName?.message}
                  {...register(`participations.${index}.participationName`)}
                />
                <TextField
                  label="Price (₹, 0 is free)"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  error={errorsHere?.price?.message}
                  {...register(`participations.${index}.price`)}
                />
                <TextField
                  label="Smallest team"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  error={errorsHere?.minRange?.message}
                  {...register(`participations.${index}.minRange`)}
                />
                <TextField
                  label="Largest team"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  error={errorsHere?.maxRange?.message}
                  {...register(`participations.${index}.maxRange`)}
                />
                <TextField
                  label="Place limit"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  hint={`Teams it takes; empty is unlimited.${taken > 0 ? ` ${taken} taken now.` : ''}`}
                  error={errorsHere?.placeLimit?.message}
                  {...register(`participations.${index}.placeLimit`)}
                />
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <ActionButton
                  onClick={() => options.move(index, index - 1)}
                  disabled={index === 0}
                  about={`option ${index + 1}`}
                >
                  Move up
                </ActionButton>
                <ActionButton
                  onClick={() => options.move(index, index + 1)}
                  disabled={index === options.fields.length - 1}
                  about={`option ${index + 1}`}
                >
                  Move down
                </ActionButton>
                <ActionButton
                  onClick={() => options.remove(index)}
                  disabled={used > 0}
                  about={`option ${index + 1}`}
                >
                  Remove
                </ActionButton>
              </div>
            </div>
          );
        })}
        {optionErrors?.root?.message || optionErrors?.message ? (
          <p role="alert" className="text-sm text-red-300">
            {optionErrors?.root?.message ?? optionErrors?.message}
          </p>
        ) : null}
        <button
          type="button"
          onClick={() =>
            options.append({ participationName: '', price: 0, minRange: 1, maxRange: 1, placeLimit: '' })
          }
          className="min-h-11 self-start rounded-full border border-gold/60 px-4 text-gold hover:bg-gold/10"
        >
          Add an option
        </button>
      </fieldset>
    </ConsoleForm>
  );
}
