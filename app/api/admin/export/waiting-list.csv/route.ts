// GET /api/admin/export/waiting-list.csv?kind=&itemId=: one item's waiting list as a CSV download (organisers)
import { waitingListQuerySchema } from '@/lib/schemas/waiting-lists';
import { adminRoute } from '@/lib/server/http/handler';
import { exportWaitingList } from '@/lib/server/admin/exports';

export const GET = adminRoute({ query: waitingListQuerySchema }, async ({ db, query }) =>
  exportWaitingList(db, query.kind, query.itemId),
);
