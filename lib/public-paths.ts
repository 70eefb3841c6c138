/** The public pages search engines should know about (the sitemap adds each event category page). */
export const publicPaths = [
  '/',
  '/event',
  '/pronite',
  '/team',
  '/sponsers',
  '/schedule',
  '/results',
  '/announcements',
  '/contact',
  '/terms-and-condition',
  '/register',
  '/login',
] as const;
