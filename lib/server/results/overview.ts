import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { eventCategories, events, publishedResults, resultPlacings } from '@/lib/server/db/schema';

export interface ResultsOverviewRow {
  eventId: number;
  eventName: string;
  categoryName: string;
  /** none: nothing recorded; draft: placings recorded, not published; published: on the public pages. */
  state: 'none' | 'draft' | 'published';
  publishedAt: string | null;
}

export async function resultsOverview(db: Db): Promise<ResultsOverviewRow[]> {
  const rows = await db
    .select({
      eventId: events.id,
      eventName: events.name,
      categoryName: eventCategories.name,
      publishedAt: publishedResults.publishedAt,
      placed: sql<number>`(select count(*)::int from ${resultPlacings} where ${resultPlacings.eventId} = ${events.id})`,
    })
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .leftJoin(publishedResults, eq(publishedResults.eventId, events.id))
    .orderBy(asc(eventCategories.position), asc(eventCategories.id), asc(events.position), asc(events.id));
  return rows.map((r) => ({
    eventId: r.eventId,
    eventName: r.eventName,
    categoryName: r.categoryName,
    state: r.publishedAt ? 'published' : Number(r.placed) > 0 ? 'draft' : 'none',
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }));
}
