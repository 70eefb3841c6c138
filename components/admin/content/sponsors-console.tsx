'use client';

import { FormUploadField } from '@/components/admin/image-upload-field';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { GroupedListConsole, visibilityToggle } from '@/components/admin/ui/list-console';
import { useConsoleForm } from '@/components/admin/ui/use-console-form';
import { SelectField } from '@/components/forms/select-field';
import { TextField } from '@/components/forms/text-field';
import {
  sponsorGroupSchema,
  sponsorSchema,
  type AdminSponsor,
  type AdminSponsorGroup,
} from '@/lib/schemas/admin-content';

/** Sponsors in the console: groups in order, each with its sponsors in order, hidden ones marked. */
export function SponsorsConsole({ groups }: { groups: AdminSponsorGroup[] }) {
  return (
    <GroupedListConsole
      group={{ resource: 'sponsor-group', what: 'sponsor group' }}
      item={{ resource: 'sponsor', what: 'sponsor' }}
      addLabel="Add a sponsor group"
      emptyText="No sponsor groups yet."
      groups={groups}
      view={(group) => ({
        name: group.sponsorCategory,
        detail: `${group.sponsors.length} ${group.sponsors.length === 1 ? 'sponsor' : 'sponsors'}`,
        hidden: !group.isVisible,
        toggles: [visibilityToggle(group.isVisible)],
      })}
      form={(close, group) => <GroupForm group={group} onDone={close} />}
      itemsOf={(group) => group.sponsors}
      itemsHeading={(group) => `Sponsors in ${group.sponsorCategory}`}
      itemView={(sponsor) => ({
        name: sponsor.name,
        detail: sponsor.websiteUrl,
        imageUrl: sponsor.imageUrl,
        hidden: !sponsor.isVisible,
        toggles: [visibilityToggle(sponsor.isVisible)],
      })}
      itemForm={(close, group, sponsor) => (
        <SponsorForm groups={groups} sponsor={sponsor} groupId={group.id} onDone={close} />
      )}
      addItemLabel={(group) => `Add a sponsor to ${group.sponsorCategory}`}
    />
  );
}

function GroupForm({ group, onDone }: { group?: AdminSponsorGroup; onDone: () => void }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    sponsorGroupSchema,
    { sponsorCategory: group?.sponsorCategory ?? '', isVisible: group?.isVisible ?? true },
    { resource: 'sponsor-group', id: group?.id, failure: 'The sponsor group could not be saved.', onDone },
  );
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={group ? 'Save group' : 'Create group'}
      onCancel={onDone}
    >
      <TextField
        label="Group name"
        error={errors.sponsorCategory?.message}
        {...register('sponsorCategory')}
      />
      <CheckboxField label="Shown on the public sponsors page" {...register('isVisible')} />
    </ConsoleForm>
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
  groupId: number;
  onDone: () => void;
}) {
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    sponsorSchema,
    {
      groupId: String(sponsor?.groupId ?? groupId),
      name: sponsor?.name ?? '',
      imageUrl: sponsor?.imageUrl ?? '',
      websiteUrl: sponsor?.websiteUrl ?? '',
      isVisible: sponsor?.isVisible ?? true,
    },
    { resource: 'sponsor', id: sponsor?.id, failure: 'The sponsor could not be saved.', onDone },
  );
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={sponsor ? 'Save sponsor' : 'Add sponsor'}
      onCancel={onDone}
    >
      <SelectField
        label="Group"
        placeholder="Choose a group"
        options={groups.map((g) => ({ value: String(g.id), label: g.sponsorCategory }))}
        error={errors.groupId?.message}
        {...register('groupId')}
      />
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <FormUploadField
        control={control}
        name="imageUrl"
        label="Logo"
        hint="Shown on a light card: JPEG, PNG or WebP."
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
    </ConsoleForm>
  );
}
