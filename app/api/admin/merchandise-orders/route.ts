// GET /api/admin/merchandise-orders: T-shirt order lines by size, filtered and paged, with units per size (organisers)
import { merchandiseOrderFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { parseQuery } from '@/lib/server/http/query';
import { listMerchandiseLines, merchandiseSizeTotals } from '@/lib/server/admin/lists';

export const GET = adminRoute({}, async ({ db, request }) => {
  const filter = parseQuery(merchandiseOrderFilterSchema, request);
  const page = await listMerchandiseLines(db, filter);
  return { message: 'Merchandise orders', data: { ...page, sizes: await merchandiseSizeTotals(db, filter) } };
});
