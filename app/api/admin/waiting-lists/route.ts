// GET /api/admin/waiting-lists: every item someone waits for (organisers)
// GET /api/admin/waiting-lists?kind=&itemId=: one item's waiting list, with positions, offers and the item's figures
import { waitingListsQuerySchema } from '@/lib/schemas/waiting-lists';
import { adminRoute } from '@/lib/server/http/handler';
import { listWaitingList, waitingListItem, waitingListItems } from '@/lib/server/services/waiting-lists';

export const GET = adminRoute({ query: waitingListsQuerySchema }, async ({ db, query }) => {
  const { kind, itemId } = query;
  if (kind === undefined || itemId === undefined) {
    return { message: 'Waiting lists', data: await waitingListItems(db) };
  }
  const [list, item] = await Promise.all([
    listWaitingList(db, kind, itemId),
    waitingListItem(db, kind, itemId),
  ]);
  return { message: 'Waiting list', data: { ...list, item } };
});
