// GET /api/admin/results/{eventId}: an event's entries, rounds with who goes through, placings, what is public
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { resultsDraft } from '@/lib/server/results';

export const GET = adminRoute<undefined, { eventId: string }>({}, async ({ db, params }) => ({
  message: 'Results.',
  data: await resultsDraft(db, idParam(params.eventId, 'event')),
}));
