// GET /api/waiting-lists: the caller's waiting list entries with positions; POST: join a full item's list
import { joinWaitingListSchema } from '@/lib/schemas/waiting-lists';
import { apiRoute } from '@/lib/server/http/handler';
import { joinWaitingList } from '@/lib/server/services/waiting-list-join';
import { myWaitingLists } from '@/lib/server/services/waiting-lists';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => ({
  message: 'Waiting lists',
  data: await myWaitingLists(db, user.id),
}));

export const POST = apiRoute({ auth: true, body: joinWaitingListSchema }, async ({ db, user, body }) => {
  const entry = await joinWaitingList(db, user, body);
  return {
    status: 201,
    message: 'You are on the waiting list.',
    data: {
      id: entry.id,
      kind: entry.kind,
      itemId: entry.itemId,
      status: entry.status,
      position: entry.position,
    },
  };
});
