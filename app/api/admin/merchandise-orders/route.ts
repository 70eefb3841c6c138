// GET /api/admin/merchandise-orders: T-shirt order lines by size, filtered and paged, with units per size (organisers)
import { merchandiseOrderFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { listMerchandiseLines, merchandiseSizeTotals } from '@/lib/server/admin/lists';

export const GET = adminRoute({ query: merchandiseOrderFilterSchema }, async ({ db, query }) => {
  const page = await listMerchandiseLines(db, query);
  return { message: 'Merchandise orders', data: { ...page, sizes: await merchandiseSizeTotals(db, query) } };
});
