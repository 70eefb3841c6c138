import type { MetadataRoute } from 'next';
import { env } from '@/lib/server/env';

/**
 * Crawlers may read every page. Private pages (console, profile, payment results, mail outbox) are kept out
 * of search results by their own `noindex` metadata and by needing a sign-in, not listed here: robots.txt
 * is public, and a list of private paths would only point at them. Only the JSON API is closed to crawlers.
 */
export default function robots(): MetadataRoute.Robots {
  const site = env().SITE_URL;
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/'] },
    sitemap: `${site}/sitemap.xml`,
  };
}
