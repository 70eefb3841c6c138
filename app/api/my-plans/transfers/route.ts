// GET /api/my-plans/transfers: the open transfer offers made to the caller and by the caller
import { myTransfers } from '@/lib/server/changes/transfer';
import { apiRoute } from '@/lib/server/http/handler';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => ({
  message: 'Your transfer offers.',
  data: await myTransfers(db, user.id),
}));
