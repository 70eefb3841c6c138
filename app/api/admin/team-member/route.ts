// GET /api/admin/team-member: team members in order (optionally ?groupId=), hidden ones included
// POST /api/admin/team-member: create a team member (organisers)
import { z } from 'zod';
import { teamMemberSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idSchema } from '@/lib/server/http/params';
import { createTeamMember, listTeamMembersForConsole } from '@/lib/server/admin/content-team';

export const GET = adminRoute(
  { query: z.object({ groupId: idSchema('team group').optional() }) },
  async ({ db, query }) => ({ message: 'Team members', data: await listTeamMembersForConsole(db, query) }),
);

export const POST = adminRoute({ body: teamMemberSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Team member created.',
  data: await createTeamMember(db, user, body),
}));
