// POST /api/admin/sponsor/reorder: put one group's sponsors in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderSponsors } from '@/lib/server/admin/content-sponsors';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderSponsors(db, user, body.ids),
}));
