// POST /api/my-plans/transfer/decline: the receiver turns down a transfer offer
import { transferOfferIdSchema } from '@/lib/schemas/transfers';
import { declineTransfer } from '@/lib/server/changes/transfer';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: transferOfferIdSchema }, async ({ db, user, body }) => {
  const outcome = await declineTransfer(db, user, body);
  return {
    message: outcome.already ? 'You had already declined this offer.' : 'Offer declined.',
    data: outcome,
  };
});
