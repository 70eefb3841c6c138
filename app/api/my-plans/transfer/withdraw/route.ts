// POST /api/my-plans/transfer/withdraw: the giver takes back an open transfer offer
import { transferOfferIdSchema } from '@/lib/schemas/transfers';
import { withdrawTransfer } from '@/lib/server/changes/transfer';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: transferOfferIdSchema }, async ({ db, user, body }) => {
  const outcome = await withdrawTransfer(db, user, body);
  return {
    message: outcome.already
      ? 'This offer was already withdrawn.'
      : 'Offer withdrawn: the place stays yours.',
    data: outcome,
  };
});
