// GET /api/admin/event-category/get-event-category: the visible event categories, in order
import { cachedCategories } from '@/lib/server/content-cache';
import { publicRead } from '@/lib/server/http/handler';

// Served whole from the route cache until the events change (see publicRead).
export const dynamic = 'force-static';

export const GET = publicRead(async () => ({
  message: 'Event categories',
  data: await cachedCategories(),
}));
