// POST /api/admin/payments/{id}/refund: refund a payment through the provider and cancel what it bought (organisers)
import { z } from 'zod';
import { refundSchema } from '@/lib/schemas/admin-operations';
import { AppError } from '@/lib/server/http/app-error';
import { adminRoute } from '@/lib/server/http/handler';
import { refundPaymentOrder } from '@/lib/server/services/refunds';

export const POST = adminRoute<typeof refundSchema, { id: string }>(
  { body: refundSchema },
  async ({ db, user, params, body }) => {
    if (!z.uuid().safeParse(params.id).success)
      throw new AppError('not_found', 'No payment matches this id.');
    const outcome = await refundPaymentOrder(db, user, params.id, { reason: body.reason });
    return { message: 'The payment has been refunded and the purchase cancelled.', data: outcome };
  },
);
