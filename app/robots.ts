import type { MetadataRoute } from 'next';
import { env } from '@/lib/server/env';

export default function robots(): MetadataRoute.Robots {
  const site = env().SITE_URL;
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/admin', '/dev/', '/profile', '/success', '/failure', '/sandbox/'],
    },
    sitemap: `${site}/sitemap.xml`,
  };
}
