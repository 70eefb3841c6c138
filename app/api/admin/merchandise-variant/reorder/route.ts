// POST /api/admin/merchandise-variant/reorder: put one product's sizes in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderMerchandiseVariants } from '@/lib/server/admin/content-merchandise';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderMerchandiseVariants(db, user, body.ids),
}));
