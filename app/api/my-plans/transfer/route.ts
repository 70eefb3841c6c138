// POST /api/my-plans/transfer: the caller offers their solo registration or their stay to another verified account
import { offerTransferSchema } from '@/lib/schemas/transfers';
import { offerTransfer } from '@/lib/server/changes/transfer';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: offerTransferSchema }, async ({ db, user, body }) => {
  const outcome = await offerTransfer(db, user, body);
  return {
    message: outcome.already
      ? `This place is already offered to ${outcome.offer.otherEmail}.`
      : `Offered to ${outcome.offer.otherEmail}. They can accept it from their profile.`,
    data: outcome,
  };
});
