// GET /api/admin/results: every event with the state of its results (none, draft, published)
import { adminRoute } from '@/lib/server/http/handler';
import { resultsOverview } from '@/lib/server/results';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Results.',
  data: await resultsOverview(db),
}));
