// POST /api/merchandise/order-merchandise: confirm a paid cart; the held sizes become a sale (idempotent)
import { orderMerchandiseSchema } from '@/lib/schemas/shop';
import { apiRoute } from '@/lib/server/http/handler';
import { merchandiseSuccessMessage, orderMerchandise } from '@/lib/server/services/merchandise';

export const POST = apiRoute({ auth: true, body: orderMerchandiseSchema }, async ({ db, user, body }) => {
  await orderMerchandise(db, user, body);
  return { status: 201, message: merchandiseSuccessMessage };
});
