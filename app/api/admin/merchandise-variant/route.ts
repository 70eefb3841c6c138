// GET /api/admin/merchandise-variant: sizes with stock, sold and held units (optionally ?productId=)
// POST /api/admin/merchandise-variant: create a size (organisers)
import { merchandiseVariantSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { createMerchandiseVariant, listVariantsForConsole } from '@/lib/server/admin/content-merchandise';

export const GET = adminRoute({}, async ({ db, request }) => {
  const productId = new URL(request.url).searchParams.get('productId');
  return {
    message: 'Sizes',
    data: await listVariantsForConsole(
      db,
      productId === null ? {} : { productId: idParam(productId, 'product') },
    ),
  };
});

export const POST = adminRoute({ body: merchandiseVariantSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Size created.',
  data: await createMerchandiseVariant(db, user, body),
}));
