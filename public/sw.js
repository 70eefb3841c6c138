/*
 * Keeps /profile openable with no signal (at the gate, after the phone closed the tab), so the festival
 * pass saved on the device can be shown. It does nothing else, on purpose (docs/decisions.md):
 *   - navigations to /profile: network first, the last /profile page when there is no network;
 *   - /_next/static/*: cache first (file names carry a content hash, so a cached copy never goes stale);
 *   - everything else, API answers and other pages above all, passes through and is never kept.
 * The page HTML holds nothing personal: the pass itself is in localStorage, read by the page's script.
 * Registered by components/profile/offline-profile.ts (scope /profile), which also removes it and every
 * cache on logout.
 */

// Bump to drop every copy kept by an older worker (old caches are deleted on activate).
const cacheName = 'profile-offline-v1';
const profilePath = '/profile';
const staticPrefix = '/_next/static/';

self.addEventListener('install', (event) => {
  // Best effort: a copy that could not be made now is made on the next visit to /profile.
  event.waitUntil(
    precacheProfile()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const stale = names.filter((name) => name.startsWith('profile-offline-') && name !== cacheName);
      await Promise.all(stale.map((name) => caches.delete(name)));
      // The page that registered the worker is controlled at once, so the assets it loads next are kept.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === profilePath) {
    event.respondWith(networkFirst(event));
  } else if (url.pathname.startsWith(staticPrefix)) {
    event.respondWith(cacheFirst(event));
  }
});

/** The page was shown before this worker existed: fetch it again, with the assets its HTML names. */
async function precacheProfile() {
  // The cache is made here, at install, and only here: later writes go only into a cache that exists.
  const cache = await caches.open(cacheName);
  const response = await fetch(profilePath);
  if (!isProfilePage(response)) return;
  const html = await response.clone().text();
  await cache.put(profilePath, response);
  // Script and preload tags, and the fonts of the inlined stylesheet.
  const assets = new Set(html.match(/\/_next\/static\/[^"'()\s\\]+\.(?:js|css|woff2?)/g) ?? []);
  await Promise.allSettled([...assets].map((asset) => cache.add(asset)));
}

async function networkFirst(event) {
  try {
    const response = await fetch(event.request);
    // Only into a cache that still exists (see cacheFirst): logout may have deleted it meanwhile.
    if (isProfilePage(response) && (await caches.has(cacheName))) {
      const copy = response.clone();
      event.waitUntil(caches.open(cacheName).then((cache) => cache.put(profilePath, copy)));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(profilePath, { cacheName });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(event) {
  const cached = await caches.match(event.request, { cacheName });
  if (cached) return cached;
  const response = await fetch(event.request);
  // Only into a cache that still exists: logout deletes it, and this worker, still running for the page
  // that logged out, must not bring it back with the next page's assets.
  if (response.ok && (await caches.has(cacheName))) {
    const copy = response.clone();
    event.waitUntil(caches.open(cacheName).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

/** The /profile page itself: not the redirect to /login the server sends a signed-out visitor, nor an error. */
function isProfilePage(response) {
  return response.ok && response.type === 'basic' && !response.redirected;
}
