// GET /api/admin/export/merchandise-orders.csv: the filtered T-shirt order lines by size as a streamed CSV (organisers)
import { merchandiseOrderFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { exportMerchandiseOrders } from '@/lib/server/admin/exports';

export const GET = adminRoute({ query: merchandiseOrderFilterSchema }, async ({ db, query }) =>
  exportMerchandiseOrders(db, query),
);
