// POST /api/admin/sponsor-group/reorder: put every sponsor group in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderSponsorGroups } from '@/lib/server/admin/content-sponsors';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderSponsorGroups(db, user, body.ids),
}));
