/*
 * Keeps a few pages openable with no signal, and shows the site's pushes. One script serves several
 * registrations, told apart by scope:
 *   - scope /profile (a participant who has a pass, or who turned notifications on): the /profile page, so
 *     the pass saved on the device can be shown at a gate after the phone closed the tab;
 *   - scope /admin/attendance/ (a volunteer who opened a session): each session's scanning page, so a tab
 *     reloaded or killed in a hall without signal reopens with the roster and the queue kept in IndexedDB;
 *   - scopes /schedule and /announcements (anyone who opened those public pages): the page itself, so the
 *     day's timetable and the organisers' latest word open in a hall without signal.
 * For each it does only this, on purpose (docs/decisions.md):
 *   - navigations to the scope's pages: network first, the last copy of that page when there is no network;
 *   - /_next/static/*: cache first (file names carry a content hash, so a cached copy never goes stale);
 *   - everything else, API answers and other pages above all, passes through and is never kept.
 * The kept /profile HTML is rendered for its visitor with their profile in it (details, events, plans, the
 * pass, the timetable: docs/passes.md), so it is as personal as the page; it says when it was rendered, and
 * the page reads its data again when its copy is old or the browser is offline, rather than show it as
 * live. The attendance pages' roster is in IndexedDB, read by the page's script. Registered by
 * components/offline/offline-pages.ts, which also removes every registration and cache on logout.
 *
 * Pushes (docs/announcements.md, "On the phone") live on the /profile registration: the opt-in in the
 * profile (components/notifications) subscribes there. A push reaches its registration whatever page is
 * open, or none, so one scope is enough; /profile is the one a person who wants notifications already has
 * (the pass), and logout's unsubscribing has a single subscription to find. The push handlers below run in
 * every registration but only the /profile one ever receives a push.
 */

const scopes = {
  '/profile': { cacheName: 'profile-offline-v1', isPage: (path) => path === '/profile' },
  '/admin/attendance/': {
    cacheName: 'attendance-offline-v1',
    isPage: (path) => /^\/admin\/attendance\/\d+$/.test(path),
  },
  '/schedule': { cacheName: 'schedule-offline-v1', isPage: (path) => path === '/schedule' },
  '/announcements': { cacheName: 'announcements-offline-v1', isPage: (path) => path === '/announcements' },
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
    // Past the browser's HTTP cache: the public pages' `stale-while-revalidate` would otherwise let a
    // fetch from here answer with the copy of a minute ago (a schedule before the organisers' change).
    const response = await fetch(event.request, { cache: 'no-cache' });
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

/*
 * A push: the server's JSON { title, body, url, tag } (encrypted on the way, RFC 8291; the browser hands it
 * over decrypted), shown as a notification. The tag names the message (`announcement:<id>`,
 * `reminder:<session>:...`), and a notification with the tag of one already shown replaces it instead of
 * adding a second: the server's queue may send a push again after a crash between sending and recording
 * it, and a person must see each message once. That is why `renotify` stays false: the replacement comes
 * without a second sound or buzz.
 */
self.addEventListener('push', (event) => {
  const message = readPush(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      renotify: false,
      data: { url: message.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
    }),
  );
});

/** The push's message; anything unreadable still shows something (Chrome counts a silent push against us). */
function readPush(event) {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const text = (value, fallback) => (typeof value === 'string' && value.trim() ? value : fallback);
  return {
    title: text(payload.title, 'Aetherfest'),
    body: text(payload.body, ''),
    url: safeUrl(payload.url),
    tag: text(payload.tag, undefined),
  };
}

/** Where a tap may lead: a path of this site or an https address; anything else opens the profile. */
function safeUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/profile', self.location.origin);
    if (url.origin === self.location.origin || url.protocol === 'https:') return url.href;
  } catch {
    // Not an address at all.
  }
  return new URL('/profile', self.location.origin).href;
}

/** A tap: the site's open tab is brought forward on the message's page, else a new one opens there. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data?.url);
  event.waitUntil(openOnTap(url));
});

async function openOnTap(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = tabs.find((tab) => tab.url === url);
  if (same) return same.focus();
  if (new URL(url).origin === self.location.origin) {
    for (const tab of tabs) {
      try {
        // navigate() works only on a tab this worker controls; another tab is left as it is.
        const moved = await tab.navigate(url);
        if (moved) return moved.focus();
      } catch {
        // Not ours to move: try the next, then a new window.
      }
    }
  }
  return self.clients.openWindow(url);
}

/*
 * The push service replaced the subscription (keys rotated, or it expired): subscribe again with the same
 * server key and tell the server, best effort. The server's write calls take the bearer token, which
 * only the page has, so this may be refused; the profile sends the device's subscription again whenever
 * it is opened (components/notifications/push-device.ts), which mends it then.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const key = event.oldSubscription?.options?.applicationServerKey;
      if (!key) return;
      const fresh =
        event.newSubscription ??
        (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
      // The worker has no sign-in token; the old subscription's endpoint is what proves the device.
      await fetch('/api/push-subscriptions/renew', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oldEndpoint: event.oldSubscription.endpoint, subscription: fresh.toJSON() }),
      });
    })().catch(() => undefined),
  );
});
