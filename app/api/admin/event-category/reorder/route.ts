// POST /api/admin/event-category/reorder: put every category in the order given
import { adminRoute } from '@/lib/server/http/handler';
import { reorderCategoriesSchema } from '@/lib/schemas/admin-events';
import { reorderCategories } from '@/lib/server/admin/events';

export const POST = adminRoute({ body: reorderCategoriesSchema }, async ({ db, user, body }) => {
  const order = await reorderCategories(db, user, body.ids);
  return { message: 'Categories reordered', data: order };
});
