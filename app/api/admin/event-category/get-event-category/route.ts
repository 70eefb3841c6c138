// GET /api/admin/event-category/get-event-category: the visible event categories, in order
import { apiRoute } from '@/lib/server/http/handler';
import { listEventCategories } from '@/lib/server/services/content';

export const GET = apiRoute({}, async ({ db }) => ({
  message: 'Event categories',
  data: await listEventCategories(db),
}));
