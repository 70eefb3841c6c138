// POST /api/my-plans/size: the caller changes the size of a T-shirt in an order of theirs
import { sizeChangeSchema } from '@/lib/schemas/size-change';
import { changeSize } from '@/lib/server/changes/size-change';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true, body: sizeChangeSchema }, async ({ db, user, body }) => {
  const outcome = await changeSize(db, user, body);
  return {
    message: outcome.alreadyThatSize
      ? `Your ${outcome.productName} is already size ${outcome.size}.`
      : `Your ${outcome.productName} is now size ${outcome.size}.`,
    data: outcome,
  };
});
