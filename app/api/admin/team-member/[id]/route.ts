// PATCH /api/admin/team-member/{id}: change a team member (any of its fields)
// DELETE /api/admin/team-member/{id}: remove a team member
import { teamMemberChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { deleteTeamMember, updateTeamMember } from '@/lib/server/admin/content-team';

export const PATCH = adminRoute<typeof teamMemberChangeSchema, { id: string }>(
  { body: teamMemberChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Team member saved.',
    data: await updateTeamMember(db, user, idParam(params.id, 'team member'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Team member deleted.',
  data: await deleteTeamMember(db, user, idParam(params.id, 'team member')),
}));
