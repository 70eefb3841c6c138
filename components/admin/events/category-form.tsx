'use client';

import { TextField } from '@/components/forms/text-field';
import { FormUploadField } from '@/components/admin/image-upload-field';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { useConsoleForm } from '@/components/admin/ui/use-console-form';
import { eventCategorySchema, type AdminEventCategory } from '@/lib/schemas/admin-events';

/** Creates a category (without `category`) or changes one; closes itself after a successful save. */
export function CategoryForm({ category, onDone }: { category?: AdminEventCategory; onDone: () => void }) {
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    eventCategorySchema,
    {
      name: category?.name ?? '',
      imageUrl: category?.imageUrl ?? '',
      isVisible: category?.isVisible ?? true,
    },
    { resource: 'event-category', id: category?.id, failure: 'The category could not be saved.', onDone },
  );

  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={category ? 'Save category' : 'Create category'}
      onCancel={onDone}
    >
      <TextField label="Category name" error={errors.name?.message} {...register('name')} />
      <FormUploadField
        control={control}
        name="imageUrl"
        label="Category image"
        hint="JPEG, PNG or WebP, up to 10 MB. Shown on the events page."
      />
      <CheckboxField label="Shown on the public site" {...register('isVisible')} />
    </ConsoleForm>
  );
}
