// GET, PATCH, DELETE /api/admin/event/{id}: one event as the console sees it; change it; remove it
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { eventChangeSchema } from '@/lib/schemas/admin-events';
import { deleteEvent, getAdminEvent, updateEvent } from '@/lib/server/admin/events';

export const GET = adminRoute<undefined, { id: string }>({}, async ({ db, params }) => ({
  message: 'Event',
  data: await getAdminEvent(db, idParam(params.id, 'event')),
}));

export const PATCH = adminRoute<typeof eventChangeSchema, { id: string }>(
  { body: eventChangeSchema },
  async ({ db, user, body, params }) => {
    const event = await updateEvent(db, user, idParam(params.id, 'event'), body);
    return { message: 'Event saved', data: event };
  },
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => {
  await deleteEvent(db, user, idParam(params.id, 'event'));
  return { message: 'Event deleted' };
});
