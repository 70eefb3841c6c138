// POST /api/admin/accommodation-option/reorder: put one stay type's date options in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderAccommodationOptions } from '@/lib/server/admin/content-accommodation';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderAccommodationOptions(db, user, body.ids),
}));
