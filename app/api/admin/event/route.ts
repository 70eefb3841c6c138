// POST /api/admin/event: create an event with its ways of taking part
import { adminRoute } from '@/lib/server/http/handler';
import { eventSchema } from '@/lib/schemas/admin-events';
import { createEvent } from '@/lib/server/admin/events';

export const POST = adminRoute({ body: eventSchema }, async ({ db, user, body }) => {
  const event = await createEvent(db, user, body);
  return { status: 201, message: 'Event created', data: event };
});
