// POST /api/admin/accommodation-type/reorder: put every stay type in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderAccommodationTypes } from '@/lib/server/admin/content-accommodation';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderAccommodationTypes(db, user, body.ids),
}));
