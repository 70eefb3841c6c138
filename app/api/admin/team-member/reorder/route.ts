// POST /api/admin/team-member/reorder: put one group's members in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderTeamMembers } from '@/lib/server/admin/content-team';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderTeamMembers(db, user, body.ids),
}));
