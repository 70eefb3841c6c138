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
  teamGroupSchema,
  teamMemberSchema,
  type AdminTeamGroup,
  type AdminTeamMember,
} from '@/lib/schemas/admin-content';

/** The organising team in the console: groups in order, each with its members in order. */
export function TeamConsole({ groups }: { groups: AdminTeamGroup[] }) {
  const groupActions = useListActions('team-group', 'team group');
  const memberActions = useListActions('team-member', 'team member');
  const groupIds = groups.map((g) => g.id);
  return (
    <>
      <AddPanel label="Add a team group">{(close) => <GroupForm onDone={close} />}</AddPanel>
      {groups.length === 0 ? <p className="mt-6 text-parchment/80">No team groups yet.</p> : null}
      <ol className="mt-6 flex flex-col gap-6">
        {groups.map((group, index) => {
          const memberIds = group.members.map((m) => m.id);
          return (
            <ContentRow
              key={group.id}
              name={group.teamCategory}
              detail={`${group.members.length} ${group.members.length === 1 ? 'member' : 'members'}`}
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
              <h2 className="sr-only">Members of {group.teamCategory}</h2>
              <ol className="mt-4 flex flex-col gap-3 sm:pl-6">
                {group.members.map((member, memberIndex) => (
                  <ContentRow
                    key={member.id}
                    name={member.name}
                    detail={member.designation}
                    imageUrl={member.imageUrl}
                    hidden={!member.isVisible}
                    index={memberIndex}
                    count={group.members.length}
                    onMove={(direction) => memberActions.move(memberIds, memberIndex, direction)}
                    toggleLabel={member.isVisible ? 'Hide' : 'Show'}
                    onToggle={() => memberActions.toggle(member.id, 'isVisible', !member.isVisible)}
                    onDelete={() => memberActions.remove(member.id)}
                    edit={(close) => <MemberForm groups={groups} member={member} onDone={close} />}
                    busy={memberActions.busy}
                  />
                ))}
              </ol>
              <div className="sm:pl-6">
                <AddPanel label={`Add a member to ${group.teamCategory}`}>
                  {(close) => <MemberForm groups={groups} groupId={group.id} onDone={close} />}
                </AddPanel>
              </div>
            </ContentRow>
          );
        })}
      </ol>
    </>
  );
}

function GroupForm({ group, onDone }: { group?: AdminTeamGroup; onDone: () => void }) {
  const { write } = useConsoleWrite();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof teamGroupSchema>, unknown, z.output<typeof teamGroupSchema>>({
    resolver: zodResolver(teamGroupSchema),
    defaultValues: { teamCategory: group?.teamCategory ?? '', isVisible: group?.isVisible ?? true },
  });
  async function save(values: z.output<typeof teamGroupSchema>) {
    const result = await write(
      () =>
        group
          ? api.patch(`/api/admin/team-group/${group.id}`, values)
          : api.post('/api/admin/team-group', values),
      'The team group could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
      <TextField label="Group name" error={errors.teamCategory?.message} {...register('teamCategory')} />
      <CheckboxField label="Shown on the public team page" {...register('isVisible')} />
      <FormActions
        pending={isSubmitting}
        saveLabel={group ? 'Save group' : 'Create group'}
        onCancel={onDone}
      />
    </form>
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
  } = useForm<z.input<typeof teamMemberSchema>, unknown, z.output<typeof teamMemberSchema>>({
    resolver: zodResolver(teamMemberSchema),
    defaultValues: {
      groupId: String(member?.groupId ?? groupId ?? ''),
      name: member?.name ?? '',
      designation: member?.designation ?? '',
      imageUrl: member?.imageUrl ?? '',
      instagramUrl: member?.instagramUrl ?? '',
      linkedInUrl: member?.linkedInUrl ?? '',
      isVisible: member?.isVisible ?? true,
    },
  });
  async function save(values: z.output<typeof teamMemberSchema>) {
    const result = await write(
      () =>
        member
          ? api.patch(`/api/admin/team-member/${member.id}`, values)
          : api.post('/api/admin/team-member', values),
      'The team member could not be saved.',
    );
    if (result.ok) onDone();
    else showFieldErrors(result.error, setError);
  }
  return (
    <form noValidate onSubmit={submitOnce(isSubmitting, handleSubmit(save))} className="flex flex-col gap-4">
      <SelectField
        label="Group"
        placeholder="Choose a group"
        options={groups.map((g) => ({ value: String(g.id), label: g.teamCategory }))}
        error={errors.groupId?.message}
        {...register('groupId')}
      />
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField label="Designation" error={errors.designation?.message} {...register('designation')} />
      <Controller
        control={control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <ImageUploadField
            label="Photo"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            hint="A square portrait works best: JPEG, PNG or WebP."
          />
        )}
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
      <FormActions
        pending={isSubmitting}
        saveLabel={member ? 'Save member' : 'Add member'}
        onCancel={onDone}
      />
    </form>
  );
}
