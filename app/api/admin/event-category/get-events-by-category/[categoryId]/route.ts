// GET /api/admin/event-category/get-events-by-category/{categoryId}: a category's events with their options
import { z } from 'zod';
import { cachedCategories, cachedEventsByCategory } from '@/lib/server/content-cache';
import { AppError } from '@/lib/server/http/app-error';
import { publicRead } from '@/lib/server/http/handler';

/*
 * Served whole from the route cache until the events change (see publicRead), each id on its first request:
 * none is prerendered, as the build has no database. A 404 read the categories, so it carries the events'
 * tag and a category added later is found; a 400 read nothing and never changes.
 */
export const dynamic = 'force-static';
export const dynamicParams = true;
export function generateStaticParams(): { categoryId: string }[] {
  return [];
}

const idSchema = z.coerce.number().int().positive();

export const GET = publicRead<{ categoryId: string }>(async ({ params }) => {
  const parsed = idSchema.safeParse(params.categoryId);
  if (!parsed.success)
    throw new AppError('invalid_input', 'The category id must be a positive whole number.');
  const categories = await cachedCategories();
  if (!categories.some((c) => c.id === parsed.data))
    throw new AppError('not_found', 'No such event category.');
  return {
    message: 'Events',
    data: await cachedEventsByCategory(parsed.data),
  };
});
