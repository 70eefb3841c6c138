// POST /api/payment/create-event-order: open a payment order for a verified team at the server's price
import { createEventOrderSchema } from '@/lib/schemas/event-registration';
import { apiRoute } from '@/lib/server/http/handler';
import { createEventOrder } from '@/lib/server/services/event-registration';

export const POST = apiRoute({ auth: true, body: createEventOrderSchema }, async ({ db, user, body }) => ({
  message: 'Order created',
  data: await createEventOrder(db, user, body),
}));
