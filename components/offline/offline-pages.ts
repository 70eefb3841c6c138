/**
 * The service worker (public/sw.js) that keeps a few pages openable with no signal: /profile, so the pass
 * saved in localStorage (pass-storage.ts) can be shown at the gate after the phone closed the tab, a
 * volunteer's attendance session pages, whose roster and queue are in IndexedDB, and the public schedule
 * and announcements. One script, one registration per scope; the worker never sees the requests of a page
 * outside its scope. The /profile registration also holds the device's push subscription
 * (components/notifications/push-device.ts).
 */
const workerUrl = '/sw.js';

/** The scopes public/sw.js knows (it keeps nothing for any other). */
export const offlineScopes = {
  /** Registered once a pass has been shown. */
  profile: '/profile',
  /** Registered once a session's roster has been loaded for scanning. */
  attendance: '/admin/attendance/',
  /** Registered once the public schedule has been opened (keep-offline-page.tsx). */
  schedule: '/schedule',
  /** Registered once the public announcements have been opened (keep-offline-page.tsx). */
  announcements: '/announcements',
} as const;

export type OfflineScope = (typeof offlineScopes)[keyof typeof offlineScopes];

/** The pages this tab has already asked to keep (a screen may call again on every refresh). */
const kept = new Set<string>();

/** From now on this device can open the page shown now offline, and the scope's other pages once opened. */
export function keepOffline(workerScope: OfflineScope): void {
  // A development server rebuilds its chunks on every edit; a worker holding on to old ones only confuses.
  if (process.env.NODE_ENV !== 'production') return;
  if (!('serviceWorker' in navigator)) return;
  const page = window.location.pathname;
  if (kept.has(page)) return;
  kept.add(page);
  navigator.serviceWorker
    .register(workerUrl, { scope: workerScope })
    .then(async (registration) => {
      // This page was loaded before the worker controlled it (or through another page, by the client's
      // router): the worker is asked to fetch it again and keep it, with its assets.
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      await settled(worker, (state) => state === 'activated' || state === 'redundant');
      registration.active?.postMessage({ keep: page });
    })
    .catch(() => {
      // Offline, or workers are blocked: the page works now, only not after the tab is closed.
      kept.delete(page);
    });
}

/**
 * The registration of `workerScope`, made if there is none, once its worker is active (a push subscription
 * needs an active worker). Unlike keepOffline, this also runs on a development server: it is what a person
 * asks for by turning notifications on.
 */
export async function activeRegistration(workerScope: OfflineScope): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(workerUrl, { scope: workerScope });
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  await settled(worker, (state) => state === 'activated' || state === 'redundant', 10_000);
  return registration;
}

/** Resolves once `worker` is in a state `done` accepts (or is gone), or after `ms`. */
function settled(
  worker: ServiceWorker | null | undefined,
  done: (state: ServiceWorkerState) => boolean,
  ms = 3000,
): Promise<void> {
  if (!worker || done(worker.state)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    worker.addEventListener('statechange', () => {
      if (!done(worker.state)) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Resolves once the worker has stopped keeping copies and deleted its caches (public/sw.js, "forget"), or
 * after `ms`: a worker of an older version does not answer.
 */
function forgotten(worker: ServiceWorker | null | undefined, ms = 2000): Promise<void> {
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, ms);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage('forget', [channel.port2]);
  });
}

/**
 * Logout: every worker is removed and every cache of this origin deleted (the workers' are the only ones),
 * so the next person on a shared phone finds no offline copy of anything. A worker still installing (a
 * pass shown moments before logging out) is let finish first: its install makes the offline copy, and
 * would otherwise make it again just after the caches were deleted. A running worker is told to forget
 * before anything is deleted, since it goes on serving this page's requests until the page leaves.
 */
export async function forgetOfflinePages(): Promise<void> {
  if ('serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(
      registrations.map(async (registration) => {
        await settled(registration.installing, (state) => state !== 'installing');
        await forgotten(registration.active);
        await registration.unregister();
      }),
    );
  }
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}
