/*
 * Keeps a few pages openable with no signal. One script serves two registrations, told apart by scope:
 *   - scope /profile (a participant who has a pass): the /profile page, so the pass saved on the device can
 *     be shown at a gate after the phone closed the tab;
 *   - scope /admin/attendance/ (a volunteer who opened a session): each session's scanning page, so a tab
 *     reloaded or killed in a hall without signal reopens with the roster and the queue kept in IndexedDB.
 * For either it does only this, on purpose (docs/decisions.md):
 *   - navigations to the scope's pages: network first, the last copy of that page when there is no network;
 *   - /_next/static/*: cache first (file names carry a content hash, so a cached copy never goes stale);
 *   - everything else, API answers and other pages above all, passes through and is never kept.
 * The kept HTML holds nothing personal beyond the signed-in person's own role and id: the pass is in
 * localStorage and the roster in IndexedDB, read by the page's script. Registered by
 * components/offline/offline-pages.ts, which also removes every registration and cache on logout.
 */

const scopes = {
  '/profile': { cacheName: 'profile-offline-v1', isPage: (path) => path === '/profile' },
  '/admin/attendance/': {
    cacheName: 'attendance-offline-v1',
    isPage: (path) => /^\/admin\/attendance\/\d+$/.test(path),
  },
};
const scope = scopes[new URL(self.registration.scope).pathname];
const staticPrefix = '/_next/static/';

self.addEventListener('install', (event) => {
  // The cache is made here, at install, and only here: later writes go only into a cache that exists.
  event.waitUntil(
    (scope ? caches.open(scope.cacheName) : Promise.resolve())
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      if (scope) {
        // Copies kept by an older version of this scope's cache (bump its version to drop them).
        const family = scope.cacheName.replace(/v\d+$/, '');
        const names = await caches.keys();
        const stale = names.filter((name) => name.startsWith(family) && name !== scope.cacheName);
        await Promise.all(stale.map((name) => caches.delete(name)));
      }
      // The page that registered the worker is controlled at once, so the assets it loads next are kept.
      await self.clients.claim();
    })(),
  );
});

/*
 * Logout (forgetOfflinePages) tells this worker to forget. From then on it keeps nothing, and it answers
 * only once the copies it had begun to write are written and its cache is deleted: checking that the
 * cache exists and then opening it takes two steps, and a delete landing between them used to bring the
 * cache back with the next page's assets.
 */
let forgotten = false;
const writes = new Set();

self.addEventListener('message', (event) => {
  if (event.data === 'forget') {
    forgotten = true;
    event.waitUntil(
      (async () => {
        await Promise.all([...writes]);
        if (scope) await caches.delete(scope.cacheName);
        event.ports[0]?.postMessage('forgotten');
      })(),
    );
  } else if (typeof event.data?.keep === 'string' && scope?.isPage(event.data.keep)) {
    // keepOffline: the page now shown was loaded before this worker controlled it.
    track(event, keepPage(event.data.keep));
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (!scope || request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && scope.isPage(url.pathname)) {
    event.respondWith(networkFirst(event, url.pathname));
  } else if (url.pathname.startsWith(staticPrefix)) {
    event.respondWith(cacheFirst(event));
  }
});

/** Fetches a page of the scope again and keeps it, with the assets its HTML names. */
async function keepPage(path) {
  const response = await fetch(path);
  if (!isThePage(response)) return;
  const html = await response.clone().text();
  await store(path, response);
  // Script and preload tags, and the fonts of the inlined stylesheet.
  const assets = new Set(html.match(/\/_next\/static\/[^"'()\s\\]+\.(?:js|css|woff2?)/g) ?? []);
  await Promise.allSettled(
    [...assets].map(async (asset) => {
      const copy = await fetch(asset);
      if (copy.ok) await store(asset, copy);
    }),
  );
}

async function networkFirst(event, path) {
  try {
    const response = await fetch(event.request);
    if (isThePage(response)) keepCopy(event, path, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(path, { cacheName: scope.cacheName });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(event) {
  const cached = await caches.match(event.request, { cacheName: scope.cacheName });
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
  track(event, store(key, copy));
}

async function store(key, copy) {
  if (forgotten || !(await caches.has(scope.cacheName))) return;
  const cache = await caches.open(scope.cacheName);
  await cache.put(key, copy);
}

function track(event, work) {
  if (forgotten) return;
  const write = work.catch(() => undefined).finally(() => writes.delete(write));
  writes.add(write);
  event.waitUntil(write);
}

/** The page itself: not the redirect to /login the server sends a signed-out visitor, nor an error. */
function isThePage(response) {
  return response.ok && response.type === 'basic' && !response.redirected;
}
