// POST /api/my-plans/transfer/accept: the receiver takes the place offered to them (a stay with their identity proof)
import { acceptTransferSchema } from '@/lib/schemas/transfers';
import { acceptTransfer } from '@/lib/server/changes/transfer-accept';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: acceptTransferSchema }, async ({ db, user, body }) => {
  const outcome = await acceptTransfer(db, user, body);
  return {
    message: outcome.already
      ? 'You had already accepted this place.'
      : `${outcome.offer.summary} is now yours. A confirmation has been sent to your mail.`,
    data: outcome,
  };
});
