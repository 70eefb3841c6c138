import 'server-only';
import { revalidateTag } from 'next/cache';
import type { Db } from '@/lib/server/db';
import { expireSharedCacheTags } from '@/lib/server/db/shared-cache';

/*
 * The tags of the public content's cached reads, and how a change marks one stale. Apart from the cached
 * reads themselves (content-cache.ts) so that a writer (the inventory's page subscriber) can mark content
 * changed without loading the reads and everything they import.
 */
export const contentTags = {
  events: 'content:events',
  team: 'content:team',
  sponsors: 'content:sponsors',
  pronite: 'content:pronite',
  results: 'content:results',
  announcements: 'content:announcements',
} as const;

export type ContentTag = (typeof contentTags)[keyof typeof contentTags];

/** Marks a kind of content as changed, so pages and API reads showing it are rebuilt on the next visit. */
export function contentChanged(tag: ContentTag): void {
  revalidateTag(tag, { expire: 0 });
}

/**
 * contentChanged from anywhere: in a request Next revalidates in place; outside one (a loop, a cron's
 * job, a script) the tag is expired through the shared cache's table, which every instance watches.
 */
export async function contentChangedAnywhere(db: Db, tag: ContentTag): Promise<void> {
  try {
    contentChanged(tag);
  } catch {
    await expireSharedCacheTags(db, [tag]);
  }
}
