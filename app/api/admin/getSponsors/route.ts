// GET /api/admin/getSponsors: visible sponsors, grouped by sponsor category
import { cachedVisibleSponsors } from '@/lib/server/content-cache';
import { publicRead } from '@/lib/server/http/handler';

// Served whole from the route cache until the sponsors change (see publicRead).
export const dynamic = 'force-static';

export const GET = publicRead(async () => ({
  message: 'Sponsors',
  data: await cachedVisibleSponsors(),
}));
