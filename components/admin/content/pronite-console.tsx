'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { AddPanel } from '@/components/admin/ui/add-panel';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { ContentRow } from '@/components/admin/ui/content-row';
import { FormActions } from '@/components/admin/ui/form-actions';
import { useConsoleWrite, showFieldErrors } from '@/components/admin/ui/use-console-write';
import { useListActions } from '@/components/admin/ui/use-list-actions';
import { submitOnce } from '@/components/forms/submit-once';
import { TextField } from '@/components/forms/text-field';
import { api } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { proniteArtistSchema, type AdminProniteArtist } from '@/lib/schemas/admin-content';

/** Pronite artists in the console, in the order the Pronite page shows them. */
export function ProniteConsole({ artists }: { artists: AdminProniteArtist[] }) {
  const actions = useListActions('pronite-artist', 'artist');
  const ids = artists.map((a) => a.id);
  return (
    <>
      <AddPanel label="Add an artist">{(close) => <ArtistForm onDone={close} />}</AddPanel>
      {artists.length === 0 ? <p className="mt-6 text-parchment/80">No artists yet.</p> : null}
      <ol className="mt-6 flex flex-col gap-3">
        {artists.map((artist, index) => (
          <ContentRow
            key={artist.id}
            name={artist.name}
            detail={`${formatShortDate(artist.night)}: ${artist.tagline}`}
            imageUrl={artist.imageUrl}
            hidden={!artist.isVisible}
            index={index}
            count={artists.length}
            onMove={(direction) => actions.move(ids, index, direction)}
            toggleLabel={artist.isVisible ? 'Hide' : 'Show'}
            onToggle={() => actions.toggle(artist.id, 'isVisible', !artist.isVisible)}
            onDelete={() => actions.remove(artist.id)}
            edit={(close) => <ArtistForm artist={artist} onDone={close} />}
            busy={actions.busy}
          />
        ))}
      </ol>
    </>
  );
}

function ArtistForm({ artist, onDone }: { artist?: AdminProniteArtist; onDone: () => void }) {
  const { write } = useConsoleWrite();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof proniteArtistSchema>, unknown, z.output<typeof proniteArtistSchema>>({
    resolver: zodResolver(proniteArtistSchema),
    defaultValues: {
      name: artist?.name ?? '',
      tagline: artist?.tagline ?? '',
      night: artist?.night ?? '',
      imageUrl: artist?.imageUrl ?? '',
      isVisible: artist?.isVisible ?? true,
    },
  });
  async function save(values: z.output<typeof proniteArtistSchema>) {
    const result = await write(
      () =>
        artist
          ? api.patch(`/api/admin/pronite-artist/${artist.id}`, values)
          : api.post('/api/admin/pronite-artist', values),
      'The artist could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label="Tagline" error={errors.tagline?.message} {...register('tagline')} />
      <TextField label="Night" type="date" error={errors.night?.message} {...register('night')} />
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <ImageUploadField
            label="Image"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            hint="Shown large on the Pronite page: JPEG, PNG or WebP."
          />
        )}
      />
      <CheckboxField label="Shown on the Pronite page" {...register('isVisible')} />
      <FormActions
        pending={isSubmitting}
        saveLabel={artist ? 'Save artist' : 'Add artist'}
        onCancel={onDone}
      />
    </form>
  );
}
