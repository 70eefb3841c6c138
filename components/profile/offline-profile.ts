/**
 * The service worker (public/sw.js) that keeps /profile openable with no signal, so the pass saved in
 * localStorage (pass-storage.ts) can be shown at the gate after the phone closed the tab.
 */
const workerUrl = '/sw.js';
// Only pages under /profile are controlled: the worker never sees the requests of any other page.
const workerScope = '/profile';

/** Called once a pass has been shown: from then on this device can open the profile offline. */
export function keepProfileOffline(): void {
  // A development server rebuilds its chunks on every edit; a worker holding on to old ones only confuses.
  if (process.env.NODE_ENV !== 'production') return;
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(workerUrl, { scope: workerScope }).catch(() => {
    // Offline, or workers are blocked: the pass still shows now, only not after the tab is closed.
  });
}

/** Resolves once a worker being installed has finished installing (or failed), or after `ms`. */
function installed(worker: ServiceWorker | null | undefined, ms = 3000): Promise<void> {
  if (!worker || worker.state !== 'installing') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installing') return;
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
 * Logout: the worker is removed and every cache of this origin deleted (the worker's are the only ones),
 * so the next person on a shared phone finds no offline copy of anything. A worker still installing (a
 * pass shown moments before logging out) is let finish first: its install makes the offline copy, and
 * would otherwise make it again just after the caches were deleted. The running worker is told to forget
 * before anything is deleted, since it goes on serving this page's requests until the page leaves.
 */
export async function forgetOfflineProfile(): Promise<void> {
  if ('serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration(workerScope);
    await installed(registration?.installing);
    await forgotten(registration?.active);
    await registration?.unregister();
  }
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}
