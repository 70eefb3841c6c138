// GET /api/admin/team-member: team members in order (optionally ?groupId=), hidden ones included
// POST /api/admin/team-member: create a team member (organisers)
import { teamMemberSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { createTeamMember, listTeamMembersForConsole } from '@/lib/server/admin/content-team';

export const GET = adminRoute({}, async ({ db, request }) => {
  const groupId = new URL(request.url).searchParams.get('groupId');
  return {
    message: 'Team members',
    data: await listTeamMembersForConsole(
      db,
      groupId === null ? {} : { groupId: idParam(groupId, 'team group') },
    ),
  };
});

export const POST = adminRoute({ body: teamMemberSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Team member created.',
  data: await createTeamMember(db, user, body),
}));
