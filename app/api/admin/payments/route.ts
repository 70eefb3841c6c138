// GET /api/admin/payments: payment orders with their state, filtered by state and purpose, paged (organisers)
import { paymentFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { parseQuery } from '@/lib/server/http/query';
import { listPayments } from '@/lib/server/admin/lists';

export const GET = adminRoute({}, async ({ db, request }) => ({
  message: 'Payments',
  data: await listPayments(db, parseQuery(paymentFilterSchema, request)),
}));
