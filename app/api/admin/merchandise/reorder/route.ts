// POST /api/admin/merchandise/reorder: put every product in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderMerchandiseProducts } from '@/lib/server/admin/content-merchandise';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderMerchandiseProducts(db, user, body.ids),
}));
