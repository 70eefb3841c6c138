// GET /api/admin/export/payments.csv: the filtered payment orders as a streamed CSV download (organisers)
import { paymentFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { exportPayments } from '@/lib/server/admin/exports';

export const GET = adminRoute({ query: paymentFilterSchema }, async ({ db, query }) =>
  exportPayments(db, query),
);
