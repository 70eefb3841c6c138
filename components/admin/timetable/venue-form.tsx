'use client';

import { TextField } from '@/components/forms/text-field';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { useConsoleForm } from '@/components/admin/ui/use-console-form';
import { venueSchema, type AdminVenue } from '@/lib/schemas/admin-timetable';

/** Adds a venue (without `venue`) or renames one and changes its map link; closes itself once saved. */
export function VenueForm({ venue, onDone }: { venue?: AdminVenue; onDone: () => void }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    venueSchema,
    { name: venue?.name ?? '', mapUrl: venue?.mapUrl ?? '' },
    { resource: 'venue', id: venue?.id, failure: 'The venue could not be saved.', onDone },
  );

  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={venue ? 'Save venue' : 'Add venue'}
      onCancel={onDone}
    >
      <TextField
        label="Venue name"
        hint={
          venue ? 'Renaming mails nobody: the schedule and new calendar files show the new name.' : undefined
        }
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Map link (optional)"
        type="url"
        inputMode="url"
        hint="An https:// address, such as the place on a maps service."
        error={errors.mapUrl?.message}
        {...register('mapUrl')}
      />
    </ConsoleForm>
  );
}
