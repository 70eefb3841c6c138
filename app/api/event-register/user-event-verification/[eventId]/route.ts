// POST /api/event-register/user-event-verification/{eventId}: the server's gate for a team's registration,
// limited per signed-in person (429 past 30 calls in 10 minutes)
import { verifyTeamSchema } from '@/lib/schemas/event-registration';
import { apiRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { verifyTeamForCaller } from '@/lib/server/services/event-registration';

export const POST = apiRoute<typeof verifyTeamSchema, { eventId: string }>(
  { auth: true, body: verifyTeamSchema },
  async ({ db, user, body, params }) => {
    const team = await verifyTeamForCaller(db, user, idParam(params.eventId, 'event'), body);
    return { message: `All users are eligible to register in ${team.eventName}`, data: team.result };
  },
);
