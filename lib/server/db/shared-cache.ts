import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The public content's cache tags (lib/server/content-cache.ts uses the same). */
export const contentTagList = [
  'content:events',
  'content:team',
  'content:sponsors',
  'content:pronite',
  'content:results',
  'content:announcements',
];

/**
 * Marks cache tags revalidated from outside the site (a script that changed content): written where the
 * shared cache handler reads them (lib/cache/shared-cache-handler.ts), so every running instance drops
 * pages and data showing that content within a second. Harmless on the embedded database.
 */
export async function expireSharedCacheTags(db: Db, tags: readonly string[]): Promise<void> {
  const at = Date.now();
  for (const tag of tags) {
    await db.execute(sql`insert into next_cache_tags (tag, revalidated_at) values (${tag}, ${at})
      on conflict (tag) do update set revalidated_at = greatest(next_cache_tags.revalidated_at, excluded.revalidated_at)`);
  }
  await db.execute(sql`select pg_notify('next_cache_tags', ${JSON.stringify({ tags, at })})`);
}
