import type { MetadataRoute } from 'next';
import { cachedCategories } from '@/lib/server/content-cache';
import { publicPaths } from '@/lib/public-paths';
import { env } from '@/lib/server/env';

// Rendered on the first visit after a build or a change of its content (tag), then served from the cache.
export const revalidate = false;

/** Every public page and every event category page. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const site = env().SITE_URL;
  const categories = await cachedCategories();
  return [
    ...publicPaths.map((path) => ({
      url: `${site}${path === '/' ? '' : path}`,
      changeFrequency: 'weekly' as const,
      priority: path === '/' ? 1 : 0.7,
    })),
    ...categories.map((_, index) => ({
      url: `${site}/event/${index + 1}`,
      changeFrequency: 'daily' as const,
      priority: 0.8,
    })),
  ];
}
