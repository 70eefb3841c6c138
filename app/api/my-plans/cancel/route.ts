// POST /api/my-plans/cancel: the caller cancels a registration they lead, a T-shirt order or their stay
import { cancelOwnSchema } from '@/lib/schemas/changes';
import { cancelOwn } from '@/lib/server/changes/cancel';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: cancelOwnSchema }, async ({ db, user, body }) => {
  const outcome = await cancelOwn(db, user, body);
  return {
    message: outcome.alreadyCancelled ? 'This was already cancelled.' : 'Cancelled.',
    data: outcome,
  };
});
