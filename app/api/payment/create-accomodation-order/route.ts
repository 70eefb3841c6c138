// POST /api/payment/create-accomodation-order: price a stay on the server, hold a place, open an order
import { createAccommodationOrderSchema } from '@/lib/schemas/shop';
import { apiRoute } from '@/lib/server/http/handler';
import { createAccommodationOrder } from '@/lib/server/services/accommodation';

export const POST = apiRoute(
  { auth: true, body: createAccommodationOrderSchema },
  async ({ db, user, body }) => ({
    message: 'Order created',
    data: await createAccommodationOrder(db, user, body),
  }),
);
