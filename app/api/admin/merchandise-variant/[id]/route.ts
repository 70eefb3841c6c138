// PATCH /api/admin/merchandise-variant/{id}: change a size (any of its fields)
// DELETE /api/admin/merchandise-variant/{id}: remove a size (409 when it has orders)
import { merchandiseVariantChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { deleteMerchandiseVariant, updateMerchandiseVariant } from '@/lib/server/admin/content-merchandise';

export const PATCH = adminRoute<typeof merchandiseVariantChangeSchema, { id: string }>(
  { body: merchandiseVariantChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Size saved.',
    data: await updateMerchandiseVariant(db, user, idParam(params.id, 'size'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Size deleted.',
  data: await deleteMerchandiseVariant(db, user, idParam(params.id, 'size')),
}));
