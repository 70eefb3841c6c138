// PATCH, DELETE /api/admin/event-category/{id}: change a category (name, image, visibility); remove an empty one
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { eventCategoryChangeSchema } from '@/lib/schemas/admin-events';
import { deleteCategory, updateCategory } from '@/lib/server/admin/events';

export const PATCH = adminRoute<typeof eventCategoryChangeSchema, { id: string }>(
  { body: eventCategoryChangeSchema },
  async ({ db, user, body, params }) => {
    const category = await updateCategory(db, user, idParam(params.id, 'category'), body);
    return { message: 'Category saved', data: category };
  },
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => {
  await deleteCategory(db, user, idParam(params.id, 'category'));
  return { message: 'Category deleted' };
});
