// GET /api/admin/merchandise: every product in order with its sizes, stock, sold and held units, hidden ones included
// POST /api/admin/merchandise: create a product (organisers)
import { merchandiseProductSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { createMerchandiseProduct, listMerchandiseForConsole } from '@/lib/server/admin/content-merchandise';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Merchandise',
  data: await listMerchandiseForConsole(db),
}));

export const POST = adminRoute({ body: merchandiseProductSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Product created.',
  data: await createMerchandiseProduct(db, user, body),
}));
