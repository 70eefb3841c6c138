// GET /api/admin/team-group: every team group in order with its members, hidden ones included
// POST /api/admin/team-group: create a team group (organisers)
import { teamGroupSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { createTeamGroup, listTeamForConsole } from '@/lib/server/admin/content-team';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Team groups',
  data: await listTeamForConsole(db),
}));

export const POST = adminRoute({ body: teamGroupSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Team group created.',
  data: await createTeamGroup(db, user, body),
}));
