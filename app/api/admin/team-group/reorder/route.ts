// POST /api/admin/team-group/reorder: put every team group in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderTeamGroups } from '@/lib/server/admin/content-team';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderTeamGroups(db, user, body.ids),
}));
