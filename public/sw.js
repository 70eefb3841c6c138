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

/*
 * Logout (forgetOfflineProfile) tells this worker to forget. From then on it keeps nothing, and it answers
 * only once the copies it had begun to write are written and every cache is deleted: checking that the
 * cache exists and then opening it takes two steps, and a delete landing between them used to bring the
 * cache back with the next page's assets.
 */
let forgotten = false;
const writes = new Set();

self.addEventListener('message', (event) => {
  if (event.data !== 'forget') return;
  forgotten = true;
  event.waitUntil(
    (async () => {
      await Promise.all([...writes]);
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('profile-offline-')).map((name) => caches.delete(name)));
      event.ports[0]?.postMessage('forgotten');
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
    if (isProfilePage(response)) keepCopy(event, profilePath, response.clone());
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
  if (response.ok) keepCopy(event, event.request, response.clone());
  return response;
}

/**
 * Stores a copy, only into a cache that still exists: logout deletes it, and this worker, still running for
 * the page that logged out, must not bring it back with the next page's assets. Nothing at all once told to
 * forget; each write is tracked so that forgetting waits for it.
 */
function keepCopy(event, key, copy) {
  if (forgotten) return;
  const write = (async () => {
    if (!(await caches.has(cacheName))) return;
    const cache = await caches.open(cacheName);
    await cache.put(key, copy);
  })()
    .catch(() => undefined)
    .finally(() => writes.delete(write));
  writes.add(write);
  event.waitUntil(write);
}

/** The /profile page itself: not the redirect to /login the server sends a signed-out visitor, nor an error. */
function isProfilePage(response) {
  return response.ok && response.type === 'basic' && !response.redirected;
}
