// GET, POST /api/admin/event-category: every category (hidden ones too, with event counts); create one
import { adminRoute } from '@/lib/server/http/handler';
import { eventCategorySchema } from '@/lib/schemas/admin-events';
import { createCategory, listAdminCategories } from '@/lib/server/admin/events';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Event categories',
  data: await listAdminCategories(db),
}));

export const POST = adminRoute({ body: eventCategorySchema }, async ({ db, user, body }) => {
  const category = await createCategory(db, user, body);
  return { status: 201, message: 'Category created', data: category };
});
