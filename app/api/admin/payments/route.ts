// GET /api/admin/payments: payment orders with their state, filtered by state and purpose, paged (organisers)
import { paymentFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { listPayments } from '@/lib/server/admin/lists';

export const GET = adminRoute({ query: paymentFilterSchema }, async ({ db, query }) => ({
  message: 'Payments',
  data: await listPayments(db, query),
}));
