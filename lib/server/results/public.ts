import 'server-only';
import { asc, eq, and } from 'drizzle-orm';
import type { CategoryResults } from '@/lib/schemas/results';
import type { Db } from '@/lib/server/db';
import { eventCategories, events, publishedResults } from '@/lib/server/db/schema';
import { publicPlacings } from './stored-placing';

/**
 * Every published result of a shown event, grouped by category in the categories' order (the order the
 * event pages use). Only the snapshot is read: what the organisers edit after publishing waits.
 */
export async function publishedResultsByCategory(db: Db): Promise<CategoryResults[]> {
  const rows = await db
    .select({
      categoryId: eventCategories.id,
      categoryName: eventCategories.name,
      eventId: events.id,
      eventName: events.name,
      placings: publishedResults.placings,
      publishedAt: publishedResults.publishedAt,
    })
    .from(publishedResults)
    .innerJoin(events, eq(events.id, publishedResults.eventId))
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(and(eq(events.isVisible, true), eq(eventCategories.isVisible, true)))
    .orderBy(asc(eventCategories.position), asc(eventCategories.id), asc(events.position), asc(events.id));
  const categories: CategoryResults[] = [];
  for (const row of rows) {
    let category = categories.at(-1);
    if (category?.categoryId !== row.categoryId) {
      category = { categoryId: row.categoryId, categoryName: row.categoryName, events: [] };
      categories.push(category);
    }
    category.events.push({
      eventId: row.eventId,
      eventName: row.eventName,
      publishedAt: row.publishedAt.toISOString(),
      placings: publicPlacings(row.placings),
    });
  }
  return categories;
}
