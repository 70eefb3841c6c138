// GET /api/admin/merchandise-variant: sizes with stock, sold and held units (optionally ?productId=)
// POST /api/admin/merchandise-variant: create a size (organisers)
import { z } from 'zod';
import { merchandiseVariantSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idSchema } from '@/lib/server/http/params';
import { createMerchandiseVariant, listVariantsForConsole } from '@/lib/server/admin/content-merchandise';

export const GET = adminRoute(
  { query: z.object({ productId: idSchema('product').optional() }) },
  async ({ db, query }) => ({ message: 'Sizes', data: await listVariantsForConsole(db, query) }),
);

export const POST = adminRoute({ body: merchandiseVariantSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Size created.',
  data: await createMerchandiseVariant(db, user, body),
}));
