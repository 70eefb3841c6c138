// GET /api/admin/getSponsors: visible sponsors, grouped by sponsor category
import { cachedVisibleSponsors } from '@/lib/server/content-cache';
import { apiRoute, publicCacheHeaders } from '@/lib/server/http/handler';

export const GET = apiRoute({}, async () => ({
  message: 'Sponsors',
  data: await cachedVisibleSponsors(),
  headers: publicCacheHeaders,
}));
