// POST /api/admin/pronite-artist/reorder: put every pronite artist in the order given ({ ids })
import { reorderSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { reorderProniteArtists } from '@/lib/server/admin/content-pronite';

export const POST = adminRoute({ body: reorderSchema }, async ({ db, user, body }) => ({
  message: 'Order saved.',
  data: await reorderProniteArtists(db, user, body.ids),
}));
