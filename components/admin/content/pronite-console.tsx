'use client';

import { FormUploadField } from '@/components/admin/image-upload-field';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { ListConsole, visibilityToggle } from '@/components/admin/ui/list-console';
import { useConsoleForm } from '@/components/admin/ui/use-console-form';
import { TextField } from '@/components/forms/text-field';
import { formatShortDate } from '@/lib/format';
import { proniteArtistSchema, type AdminProniteArtist } from '@/lib/schemas/admin-content';

/** Pronite artists in the console, in the order the Pronite page shows them. */
export function ProniteConsole({ artists }: { artists: AdminProniteArtist[] }) {
  return (
    <ListConsole
      name={{ resource: 'pronite-artist', what: 'artist' }}
      addLabel="Add an artist"
      emptyText="No artists yet."
      items={artists}
      view={(artist) => ({
        name: artist.name,
        detail: `${formatShortDate(artist.night)}: ${artist.tagline}`,
        imageUrl: artist.imageUrl,
        hidden: !artist.isVisible,
        toggles: [visibilityToggle(artist.isVisible)],
      })}
      form={(close, artist) => <ArtistForm artist={artist} onDone={close} />}
    />
  );
}

function ArtistForm({ artist, onDone }: { artist?: AdminProniteArtist; onDone: () => void }) {
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    proniteArtistSchema,
    {
      name: artist?.name ?? '',
      tagline: artist?.tagline ?? '',
      night: artist?.night ?? '',
      imageUrl: artist?.imageUrl ?? '',
      isVisible: artist?.isVisible ?? true,
    },
    { resource: 'pronite-artist', id: artist?.id, failure: 'The artist could not be saved.', onDone },
  );
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={artist ? 'Save artist' : 'Add artist'}
      onCancel={onDone}
    >
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label="Tagline" error={errors.tagline?.message} {...register('tagline')} />
      <TextField label="Night" type="date" error={errors.night?.message} {...register('night')} />
      <FormUploadField
        control={control}
        name="imageUrl"
        label="Image"
        hint="Shown large on the Pronite page: JPEG, PNG or WebP."
      />
      <CheckboxField label="Shown on the Pronite page" {...register('isVisible')} />
    </ConsoleForm>
  );
}
