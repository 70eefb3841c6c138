// GET /api/admin/getSponsors: visible sponsors, grouped by sponsor category
import { apiRoute } from '@/lib/server/http/handler';
import { listSponsors } from '@/lib/server/services/content';

export const GET = apiRoute({}, async ({ db }) => ({
  message: 'Sponsors',
  data: await listSponsors(db, { visibleOnly: true }),
}));
