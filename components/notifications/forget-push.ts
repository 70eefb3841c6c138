import { offlineScopes } from '@/components/offline/offline-pages';
import { removeSubscription } from './notifications-api';

/** Logout waits this long at most for the server to hear of it: a phone without signal must still log out. */
const forgetDeadlineMs = 3000;

/**
 * Logout, first of all (while the token still signs the request): the server forgets this device's push
 * subscription, and the browser drops it, so the next person on a shared phone gets none of the previous
 * person's pushes. Unregistering the worker afterwards (forgetOfflinePages) drops the subscription in the
 * browser too, but the server would go on sending to it until the push service refused; hence the DELETE.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(offlineScopes.profile);
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  const told = removeSubscription(subscription.endpoint).catch(() => false);
  await Promise.race([told, new Promise((resolve) => setTimeout(resolve, forgetDeadlineMs))]);
  await subscription.unsubscribe().catch(() => false);
}
