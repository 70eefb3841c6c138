import type { MetadataRoute } from 'next';
import { festival, festivalTitle } from '@/lib/festival';

/** The site's palette (app/globals.css): --color-ink, the page background and the browser's bar. */
const ink = '#0d0a1a';

/**
 * The web app manifest, served by Next at /manifest.webmanifest and linked from every page's <head>: what
 * makes the site installable on a phone's home screen (docs/announcements.md, "On the phone"). The
 * installed app opens on /profile, where the pass and the notification settings are; a signed-out person
 * is sent to the sign-in page by the guard and comes back to it. Built once per deployment (no request
 * data), so it costs nothing per visit.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: festivalTitle,
    short_name: festival.name,
    description: festival.description,
    start_url: '/profile',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: ink,
    background_color: ink,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
