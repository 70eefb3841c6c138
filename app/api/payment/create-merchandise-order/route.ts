// POST /api/payment/create-merchandise-order: price the cart on the server, hold the sizes, open an order
import { createMerchandiseOrderSchema } from '@/lib/schemas/shop';
import { apiRoute } from '@/lib/server/http/handler';
import { createMerchandiseOrder } from '@/lib/server/services/merchandise';

export const POST = apiRoute(
  { auth: true, body: createMerchandiseOrderSchema },
  async ({ db, user, body }) => ({
    message: 'Order created',
    data: await createMerchandiseOrder(db, user, body),
  }),
);
