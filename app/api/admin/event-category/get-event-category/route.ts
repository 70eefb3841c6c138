// GET /api/admin/event-category/get-event-category: the visible event categories, in order
import { cachedCategories } from '@/lib/server/content-cache';
import { apiRoute, publicCacheHeaders } from '@/lib/server/http/handler';

export const GET = apiRoute({}, async () => ({
  message: 'Event categories',
  data: await cachedCategories(),
  headers: publicCacheHeaders,
}));
