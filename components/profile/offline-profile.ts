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

/**
 * Logout: the worker is removed and every cache of this origin deleted (the worker's are the only ones),
 * so the next person on a shared phone finds no offline copy of anything.
 */
export async function forgetOfflineProfile(): Promise<void> {
  if ('serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration(workerScope);
    await registration?.unregister();
  }
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}
