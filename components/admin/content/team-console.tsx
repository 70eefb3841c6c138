'use client';

import { FormUploadField } from '@/components/admin/image-upload-field';
import { CheckboxField } from '@/components/admin/ui/checkbox-field';
import { ConsoleForm } from '@/components/admin/ui/form-actions';
import { GroupedListConsole, visibilityToggle } from '@/components/admin/ui/list-console';
import { useConsoleForm } from '@/components/admin/ui/use-console-form';
import { SelectField } from '@/components/forms/select-field';
import { TextField } from '@/components/forms/text-field';
import {
  teamGroupSchema,
  teamMemberSchema,
  type AdminTeamGroup,
  type AdminTeamMember,
} from '@/lib/schemas/admin-content';

/** The organising team in the console: groups in order, each with its members in order. */
export function TeamConsole({ groups }: { groups: AdminTeamGroup[] }) {
  return (
    <GroupedListConsole
      group={{ resource: 'team-group', what: 'team group' }}
      item={{ resource: 'team-member', what: 'team member' }}
      addLabel="Add a team group"
      emptyText="No team groups yet."
      groups={groups}
      view={(group) => ({
        name: group.teamCategory,
        detail: `${group.members.length} ${group.members.length === 1 ? 'member' : 'members'}`,
        hidden: !group.isVisible,
        toggles: [visibilityToggle(group.isVisible)],
      })}
      form={(close, group) => <GroupForm group={group} onDone={close} />}
      itemsOf={(group) => group.members}
      itemsHeading={(group) => `Members of ${group.teamCategory}`}
      itemView={(member) => ({
        name: member.name,
        detail: member.designation,
        imageUrl: member.imageUrl,
        hidden: !member.isVisible,
        toggles: [visibilityToggle(member.isVisible)],
      })}
      itemForm={(close, group, member) => (
        <MemberForm groups={groups} member={member} groupId={group.id} onDone={close} />
      )}
      addItemLabel={(group) => `Add a member to ${group.teamCategory}`}
    />
  );
}

function GroupForm({ group, onDone }: { group?: AdminTeamGroup; onDone: () => void }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    teamGroupSchema,
    { teamCategory: group?.teamCategory ?? '', isVisible: group?.isVisible ?? true },
    { resource: 'team-group', id: group?.id, failure: 'The team group could not be saved.', onDone },
  );
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={group ? 'Save group' : 'Create group'}
      onCancel={onDone}
    >
      <TextField label="Group name" error={errors.teamCategory?.message} {...register('teamCategory')} />
      <CheckboxField label="Shown on the public team page" {...register('isVisible')} />
    </ConsoleForm>
  );
}

function MemberForm({
  groups,
  member,
  groupId,
  onDone,
}: {
  groups: AdminTeamGroup[];
  member?: AdminTeamMember;
  groupId: number;
  onDone: () => void;
}) {
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useConsoleForm(
    teamMemberSchema,
    {
      groupId: String(member?.groupId ?? groupId),
      name: member?.name ?? '',
      designation: member?.designation ?? '',
      imageUrl: member?.imageUrl ?? '',
      instagramUrl: member?.instagramUrl ?? '',
      linkedInUrl: member?.linkedInUrl ?? '',
      isVisible: member?.isVisible ?? true,
    },
    { resource: 'team-member', id: member?.id, failure: 'The team member could not be saved.', onDone },
  );
  return (
    <ConsoleForm
      onSubmit={onSubmit}
      pending={isSubmitting}
      saveLabel={member ? 'Save member' : 'Add member'}
      onCancel={onDone}
    >
      <SelectField
        label="Group"
        placeholder="Choose a group"
        options={groups.map((g) => ({ value: String(g.id), label: g.teamCategory }))}
        error={errors.groupId?.message}
        {...register('groupId')}
      />
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label="Designation" error={errors.designation?.message} {...register('designation')} />
      <FormUploadField
        control={control}
        name="imageUrl"
        label="Photo"
        hint="A square portrait works best: JPEG, PNG or WebP."
      />
      <TextField
        label="Instagram link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://instagram.com/..."
        error={errors.instagramUrl?.message}
        {...register('instagramUrl')}
      />
      <TextField
        label="LinkedIn link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://linkedin.com/in/..."
        error={errors.linkedInUrl?.message}
        {...register('linkedInUrl')}
      />
      <CheckboxField label="Shown on the public team page" {...register('isVisible')} />
    </ConsoleForm>
  );
}
