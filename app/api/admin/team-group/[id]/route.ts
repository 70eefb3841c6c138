// PATCH /api/admin/team-group/{id}: change a team group (any of its fields)
// DELETE /api/admin/team-group/{id}: remove a team group and its members
import { teamGroupChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { deleteTeamGroup, updateTeamGroup } from '@/lib/server/admin/content-team';

export const PATCH = adminRoute<typeof teamGroupChangeSchema, { id: string }>(
  { body: teamGroupChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Team group saved.',
    data: await updateTeamGroup(db, user, idParam(params.id, 'team group'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Team group deleted.',
  data: await deleteTeamGroup(db, user, idParam(params.id, 'team group')),
}));
