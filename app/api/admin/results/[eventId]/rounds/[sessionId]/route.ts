// PUT /api/admin/results/{eventId}/rounds/{sessionId}: the entries that go through from this round (a draft)
import { roundOutcomeSchema } from '@/lib/schemas/results';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { saveRoundOutcome } from '@/lib/server/results';

export const PUT = adminRoute<typeof roundOutcomeSchema, { eventId: string; sessionId: string }>(
  { body: roundOutcomeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Round saved. Publish the results to mail those who go through.',
    data: await saveRoundOutcome(
      db,
      user,
      idParam(params.eventId, 'event'),
      idParam(params.sessionId, 'session'),
      body.registrationIds,
    ),
  }),
);
