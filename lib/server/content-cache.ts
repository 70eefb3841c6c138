import 'server-only';
import { unstable_cache } from 'next/cache';
import { contentChanged, contentTags, type ContentTag } from './content-tags';
import { getDb } from '@/lib/server/db';
import { isBuildPhase } from '@/lib/server/env';
import * as content from '@/lib/server/services/content';
import { publicTimetable } from '@/lib/server/services/timetable';
import { publishedResultsByCategory } from '@/lib/server/results/public';
import { currentBanner, publicAnnouncements } from '@/lib/server/announcements/announcements';

/**
 * Cached reads for the public pages and the public read API. Each is tagged by the content it shows; a
 * change to that content (the organisers' console) calls `contentChanged(tag)` and the next visitor sees
 * it. The cache behind them is next.config.ts's handler: shared by every instance when DATABASE_URL is set.
 *
 * During `next build` they answer empty without opening a database: the build needs none, and what it
 * prerenders is never served (the cache handler starts empty and the first visitor's render is kept).
 */
export { contentChanged, contentTags, type ContentTag } from './content-tags';

export const cachedCategories = unstable_cache(
  async () => (isBuildPhase() ? [] : content.listEventCategories(await getDb())),
  ['categories'],
  {
    tags: [contentTags.events],
  },
);

export const cachedEventsByCategory = unstable_cache(
  async (categoryId: number) =>
    isBuildPhase() ? [] : content.getEventsByCategory(await getDb(), { categoryId }),
  ['events-by-category'],
  { tags: [contentTags.events] },
);

export const cachedAllEvents = unstable_cache(
  async () => (isBuildPhase() ? [] : content.listAllEvents(await getDb())),
  ['all-events'],
  {
    tags: [contentTags.events],
  },
);

/** Every session of a shown event, in time order: the schedule and the event cards. */
export const cachedTimetable = unstable_cache(
  async () => (isBuildPhase() ? [] : publicTimetable(await getDb())),
  ['timetable'],
  { tags: [contentTags.events] },
);

export const cachedTeam = unstable_cache(
  async () => (isBuildPhase() ? [] : content.listTeam(await getDb())),
  ['team'],
  {
    tags: [contentTags.team],
  },
);

export const cachedVisibleSponsors = unstable_cache(
  async () => (isBuildPhase() ? [] : content.listSponsors(await getDb(), { visibleOnly: true })),
  ['visible-sponsors'],
  { tags: [contentTags.sponsors] },
);

export const cachedProniteArtists = unstable_cache(
  async () => (isBuildPhase() ? [] : content.listProniteArtists(await getDb())),
  ['pronite'],
  {
    tags: [contentTags.pronite],
  },
);

/** Every published result, by category: /results, the event pages and GET /api/results. */
export const cachedPublishedResults = unstable_cache(
  async () => (isBuildPhase() ? [] : publishedResultsByCategory(await getDb())),
  ['published-results'],
  { tags: [contentTags.results] },
);

/** The announcements everyone may read, newest first: /announcements. */
export const cachedPublicAnnouncements = unstable_cache(
  async () => (isBuildPhase() ? [] : publicAnnouncements(await getDb())),
  ['public-announcements'],
  { tags: [contentTags.announcements] },
);

/**
 * The banner of the public pages, or null. Kept until the tag is revalidated, which the server does when
 * an announcement is sent, its banner is ended, or its time runs out (within seconds, lib/server/
 * announcements/job.ts). A copy read just before `until` may still be rendered after it, so the page
 * checks `until` too (app/(public)/layout.tsx). No time-based revalidation here: it would make every
 * public page showing the banner one re-rendered on a timer instead of kept until its content changes.
 */
export const cachedBanner = unstable_cache(
  async () => (isBuildPhase() ? null : currentBanner(await getDb())),
  ['announcement-banner'],
  { tags: [contentTags.announcements] },
);

/**
 * Awaits a console write, then marks its content changed: only a committed change is revalidated, and a
 * refused one leaves the cache alone.
 */
export async function contentChangedAfter<T>(tag: ContentTag, write: Promise<T>): Promise<T> {
  const result = await write;
  contentChanged(tag);
  return result;
}
