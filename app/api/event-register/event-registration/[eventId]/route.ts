// POST /api/event-register/event-registration/{eventId}: register a team, free or with a confirmed payment
import { eventRegistrationSchema } from '@/lib/schemas/event-registration';
import { apiRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { registerForEvent, registrationSuccessMessage } from '@/lib/server/services/event-registration';

export const POST = apiRoute<typeof eventRegistrationSchema, { eventId: string }>(
  { auth: true, body: eventRegistrationSchema },
  async ({ db, user, body, params }) => {
    await registerForEvent(db, user, idParam(params.eventId, 'event'), body);
    return { status: 201, message: registrationSuccessMessage };
  },
);
