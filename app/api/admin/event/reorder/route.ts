// POST /api/admin/event/reorder: put every event of one category in the order given
import { adminRoute } from '@/lib/server/http/handler';
import { reorderEventsSchema } from '@/lib/schemas/admin-events';
import { reorderEvents } from '@/lib/server/admin/events';

export const POST = adminRoute({ body: reorderEventsSchema }, async ({ db, user, body }) => {
  const order = await reorderEvents(db, user, body);
  return { message: 'Events reordered', data: order };
});
