// POST /api/event-register/leave-team: a teammate leaves a team by the signed link in their confirmation mail
import { apiRoute } from '@/lib/server/http/handler';
import { leaveTeam, leaveTeamSchema } from '@/lib/server/services/event-registration-leave';

// No sign-in: the signed token is the permission, as the mail's reader may not have their password at hand.
export const POST = apiRoute({ body: leaveTeamSchema }, async ({ db, body }) => ({
  message: await leaveTeam(db, body.token),
}));
