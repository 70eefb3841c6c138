'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { submitOnce } from '@/components/forms/submit-once';
import { TextField } from '@/components/forms/text-field';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { FormActions } from '@/components/admin/ui/form-actions';
import { showFieldErrors, useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { api } from '@/lib/api-client';
import {
  eventCategorySchema,
  type AdminEventCategory,
  type EventCategoryInput,
  type EventCategoryValues,
} from '@/lib/schemas/admin-events';

/** Creates a category (without `category`) or changes one; closes itself after a successful save. */
export function CategoryForm({ category, onDone }: { category?: AdminEventCategory; onDone: () => void }) {
  const { write } = useConsoleWrite();
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
    const result = await write(
      () =>
        category
          ? api.patch(`/api/admin/event-category/${category.id}`, values)
          : api.post('/api/admin/event-category', values),
      'The category could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
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
      <CheckboxField label="Shown on the public site" {...register('isVisible')} />
      <FormActions
        pending={isSubmitting}
        saveLabel={category ? 'Save category' : 'Create category'}
        onCancel={onDone}
      />
    </form>
  );
}
