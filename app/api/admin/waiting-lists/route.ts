// GET /api/admin/waiting-lists?kind=&itemId=: one item's waiting list, with positions and offers (organisers)
import { waitingListQuerySchema } from '@/lib/schemas/waiting-lists';
import { adminRoute } from '@/lib/server/http/handler';
import { listWaitingList } from '@/lib/server/services/waiting-lists';

export const GET = adminRoute({ query: waitingListQuerySchema }, async ({ db, query }) => ({
  message: 'Waiting list',
  data: await listWaitingList(db, query.kind, query.itemId),
}));
