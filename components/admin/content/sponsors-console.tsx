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
import { SelectField } from '@/components/forms/select-field';
import { submitOnce } from '@/components/forms/submit-once';
import { TextField } from '@/components/forms/text-field';
import { api } from '@/lib/api-client';
import {
  sponsorGroupSchema,
  sponsorSchema,
  type AdminSponsor,
  type AdminSponsorGroup,
} from '@/lib/schemas/admin-content';

/** Sponsors in the console: groups in order, each with its sponsors in order, hidden ones marked. */
export function SponsorsConsole({ groups }: { groups: AdminSponsorGroup[] }) {
  const groupActions = useListActions('sponsor-group', 'sponsor group');
  const sponsorActions = useListActions('sponsor', 'sponsor');
  const groupIds = groups.map((g) => g.id);
  return (
    <>
      <AddPanel label="Add a sponsor group">{(close) => <GroupForm onDone={close} />}</AddPanel>
      {groups.length === 0 ? <p className="mt-6 text-parchment/80">No sponsor groups yet.</p> : null}
      <ol className="mt-6 flex flex-col gap-6">
        {groups.map((group, index) => {
          const sponsorIds = group.sponsors.map((s) => s.id);
          return (
            <ContentRow
              key={group.id}
              name={group.sponsorCategory}
              detail={`${group.sponsors.length} ${group.sponsors.length === 1 ? 'sponsor' : 'sponsors'}`}
              hidden={!group.isVisible}
              index={index}
              count={groups.length}
              onMove={(direction) => groupActions.move(groupIds, index, direction)}
              toggleLabel={group.isVisible ? 'Hide' : 'Show'}
              onToggle={() => groupActions.toggle(group.id, 'isVisible', !group.isVisible)}
              onDelete={() => groupActions.remove(group.id)}
              edit={(close) => <GroupForm group={group} onDone={close} />}
              busy={groupActions.busy}
            >
              <h2 className="sr-only">Sponsors in {group.sponsorCategory}</h2>
              <ol className="mt-4 flex flex-col gap-3 sm:pl-6">
                {group.sponsors.map((sponsor, sponsorIndex) => (
                  <ContentRow
                    key={sponsor.id}
                    name={sponsor.name}
                    detail={sponsor.websiteUrl}
                    imageUrl={sponsor.imageUrl}
                    hidden={!sponsor.isVisible}
                    index={sponsorIndex}
                    count={group.sponsors.length}
                    onMove={(direction) => sponsorActions.move(sponsorIds, sponsorIndex, direction)}
                    toggleLabel={sponsor.isVisible ? 'Hide' : 'Show'}
                    onToggle={() => sponsorActions.toggle(sponsor.id, 'isVisible', !sponsor.isVisible)}
                    onDelete={() => sponsorActions.remove(sponsor.id)}
                    edit={(close) => <SponsorForm groups={groups} sponsor={sponsor} onDone={close} />}
                    busy={sponsorActions.busy}
                  />
                ))}
              </ol>
              <div className="sm:pl-6">
                <AddPanel label={`Add a sponsor to ${group.sponsorCategory}`}>
                  {(close) => <SponsorForm groups={groups} groupId={group.id} onDone={close} />}
                </AddPanel>
              </div>
            </ContentRow>
          );
        })}
      </ol>
    </>
  );
}

function GroupForm({ group, onDone }: { group?: AdminSponsorGroup; onDone: () => void }) {
  const { write } = useConsoleWrite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof sponsorGroupSchema>, unknown, z.output<typeof sponsorGroupSchema>>({
    resolver: zodResolver(sponsorGroupSchema),
    defaultValues: { sponsorCategory: group?.sponsorCategory ?? '', isVisible: group?.isVisible ?? true },
  });
  async function save(values: z.output<typeof sponsorGroupSchema>) {
    const result = await write(
      () =>
        group
          ? api.patch(`/api/admin/sponsor-group/${group.id}`, values)
          : api.post('/api/admin/sponsor-group', values),
      'The sponsor group could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
      <TextField
        label="Group name"
        error={errors.sponsorCategory?.message}
        {...register('sponsorCategory')}
      />
      <CheckboxField label="Shown on the public sponsors page" {...register('isVisible')} />
      <FormActions
        pending={isSubmitting}
        saveLabel={group ? 'Save group' : 'Create group'}
        onCancel={onDone}
      />
    </form>
  );
}

function SponsorForm({
  groups,
  sponsor,
  groupId,
  onDone,
}: {
  groups: AdminSponsorGroup[];
  sponsor?: AdminSponsor;
  groupId?: number;
  onDone: () => void;
}) {
  const { write } = useConsoleWrite();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof sponsorSchema>, unknown, z.output<typeof sponsorSchema>>({
    resolver: zodResolver(sponsorSchema),
    defaultValues: {
      groupId: String(sponsor?.groupId ?? groupId ?? ''),
      name: sponsor?.name ?? '',
      imageUrl: sponsor?.imageUrl ?? '',
      websiteUrl: sponsor?.websiteUrl ?? '',
      isVisible: sponsor?.isVisible ?? true,
    },
  });
  async function save(values: z.output<typeof sponsorSchema>) {
    const result = await write(
      () =>
        sponsor
          ? api.patch(`/api/admin/sponsor/${sponsor.id}`, values)
          : api.post('/api/admin/sponsor', values),
      'The sponsor could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
      <SelectField
        label="Group"
        placeholder="Choose a group"
        options={groups.map((g) => ({ value: String(g.id), label: g.sponsorCategory }))}
        error={errors.groupId?.message}
        {...register('groupId')}
      />
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <ImageUploadField
            label="Logo"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            hint="Shown on a light card: JPEG, PNG or WebP."
          />
        )}
      />
      <TextField
        label="Website"
        type="url"
        inputMode="url"
        placeholder="https://..."
        error={errors.websiteUrl?.message}
        {...register('websiteUrl')}
      />
      <CheckboxField label="Shown on the public sponsors page" {...register('isVisible')} />
      <FormActions
        pending={isSubmitting}
        saveLabel={sponsor ? 'Save sponsor' : 'Add sponsor'}
        onCancel={onDone}
      />
    </form>
  );
}
