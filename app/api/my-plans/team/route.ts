// POST /api/my-plans/team: the leader of a team registration adds, removes or replaces teammates
import { teamChangeSchema } from '@/lib/schemas/team-change';
import { changeTeam } from '@/lib/server/changes/team-change';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: teamChangeSchema }, async ({ db, user, body }) => {
  const outcome = await changeTeam(db, user, body);
  return { message: outcome.summary, data: outcome };
});
