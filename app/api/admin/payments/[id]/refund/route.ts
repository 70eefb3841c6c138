// POST /api/admin/payments/{id}/refund: refund a payment through the provider and cancel what it bought (organisers)
import { refundSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { uuidParam } from '@/lib/server/http/params';
import { refundPaymentOrder } from '@/lib/server/services/refunds';

export const POST = adminRoute<typeof refundSchema, { id: string }>(
  { body: refundSchema },
  async ({ db, user, params, body }) => {
    const id = uuidParam(params.id, 'payment');
    const outcome = await refundPaymentOrder(db, user, id, { reason: body.reason });
    return { message: 'The payment has been refunded and the purchase cancelled.', data: outcome };
  },
);
