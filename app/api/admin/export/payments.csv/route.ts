// GET /api/admin/export/payments.csv: the filtered payment orders as a streamed CSV download (organisers)
import { paymentFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { parseQuery } from '@/lib/server/http/query';
import { exportPayments } from '@/lib/server/admin/exports';

export const GET = adminRoute({}, async ({ db, request }) =>
  exportPayments(db, parseQuery(paymentFilterSchema, request)),
);
