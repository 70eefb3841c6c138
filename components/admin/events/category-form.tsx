'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { submitOnce } from '@/components/forms/submit-once';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { api } from '@/lib/api-client';
import {
  eventCategorySchema,
  type AdminEventCategory,
  type EventCategoryInput,
  type EventCategoryValues,
} from '@/lib/schemas/admin-events';
import { applyFieldErrors, useConsoleAction } from './console-actions';
import { CheckField } from './check-field';

/** Creates a category (without `category`) or changes one; closes itself after a successful save. */
export function CategoryForm({ category, onDone }: { category?: AdminEventCategory; onDone: () => void }) {
  const { run } = useConsoleAction();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EventCategoryInput, unknown, EventCategoryValues>({
    resolver: zodResolver(eventCategorySchema),
    defaultValues: {
      name: category?.name ?? '',
      imageUrl: category?.imageUrl ?? '',
      isVisible: category?.isVisible ?? true,
    },
  });

  async function save(values: EventCategoryValues) {
    const result = await run(
      () =>
        category
          ? api.patch(`/api/admin/event-category/${category.id}`, values)
          : api.post('/api/admin/event-category', values),
      'The category could not be saved.',
    );
    if (result.ok) onDone();
    else applyFieldErrors(result.error, setError);
  }

  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
      <TextField label="Category name" error={errors.name?.message} {...register('name')} />
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <ImageUploadField
            label="Category image"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            hint="JPEG, PNG or WebP, up to 10 MB. Shown on the events page."
          />
        )}
      />
      <CheckField label="Shown on the public site" {...register('isVisible')} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton pending={isSubmitting} className="sm:w-auto">
          {category ? 'Save category' : 'Create category'}
        </SubmitButton>
        <button
          type="button"
          onClick={onDone}
          className="min-h-12 rounded-full border border-parchment/40 px-6 text-parchment hover:bg-white/10"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
