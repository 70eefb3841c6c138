// GET /api/admin/event-category/get-events-by-category/{categoryId}: a category's events with their options
import { z } from 'zod';
import { cachedCategories, cachedEventsByCategory } from '@/lib/server/content-cache';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute, publicCacheHeaders } from '@/lib/server/http/handler';

const idSchema = z.coerce.number().int().positive();

export const GET = apiRoute<undefined, { categoryId: string }>({}, async ({ params }) => {
  const parsed = idSchema.safeParse(params.categoryId);
  if (!parsed.success)
    throw new AppError('invalid_input', 'The category id must be a positive whole number.');
  const categories = await cachedCategories();
  if (!categories.some((c) => c.id === parsed.data))
    throw new AppError('not_found', 'No such event category.');
  return {
    message: 'Events',
    data: await cachedEventsByCategory(parsed.data),
    headers: publicCacheHeaders,
  };
});
