// PATCH /api/admin/merchandise/{id}: change a product (any of its fields)
// DELETE /api/admin/merchandise/{id}: delete a product and its sizes (409 when it has orders)
import { merchandiseProductChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { deleteMerchandiseProduct, updateMerchandiseProduct } from '@/lib/server/admin/content-merchandise';

export const PATCH = adminRoute<typeof merchandiseProductChangeSchema, { id: string }>(
  { body: merchandiseProductChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Product saved.',
    data: await updateMerchandiseProduct(db, user, idParam(params.id, 'product'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Product deleted.',
  data: await deleteMerchandiseProduct(db, user, idParam(params.id, 'product')),
}));
