import { activeRegistration, offlineScopes } from '@/components/offline/offline-pages';
import { removeSubscription, saveSubscription } from './notifications-api';

/*
 * This device's pushes: whether the browser can have them, and turning them on and off. The subscription
 * lives on the /profile registration of public/sw.js (see its header comment for why that scope).
 */

/**
 * What this browser allows: pushes; only once the site is added to the home screen (iOS and iPadOS, whose
 * Safari offers pushes to installed web apps only); or none at all.
 */
export type PushSupport = 'supported' | 'needs-install' | 'unsupported';

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  return isAppleMobile() && !isInstalled() ? 'needs-install' : 'unsupported';
}

function isAppleMobile(): boolean {
  // iPadOS presents itself as a Mac, told apart by its touch screen.
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
  );
}

function isInstalled(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** The browser's answer so far: 'default' (never asked), 'granted' or 'denied' (blocked). */
export function notificationPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'denied';
}

/** This device's subscription, if it has one (without registering anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(offlineScopes.profile);
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/** The VAPID public key's bytes, from its base64url text. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = window.atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options?.applicationServerKey;
  if (!held) return false;
  const heldBytes = new Uint8Array(held);
  return heldBytes.length === key.length && heldBytes.every((byte, i) => byte === key[i]);
}

export class PermissionRefused extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(permission === 'denied' ? 'Notifications are blocked.' : 'Notifications were not allowed.');
    this.name = 'PermissionRefused';
  }
}

/**
 * Turns pushes on for this device: the browser's permission, the worker's registration, a subscription
 * with the site's key (a subscription made with another key, e.g. before the keys were rotated, is
 * replaced), then the server is told. Throws PermissionRefused when the person says no or has blocked it.
 */
export async function turnOnPushes(pushKey: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused(permission);
  const registration = await activeRegistration(offlineScopes.profile);
  const key = keyBytes(pushKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await saveSubscription(subscription.toJSON());
}

/** Turns pushes off for this device: the server forgets it, then the browser drops the subscription. */
export async function turnOffPushes(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await removeSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * Sends this device's subscription to the server again (the server keeps one row per endpoint): mends a
 * subscription the push service replaced while the site was closed (public/sw.js could not sign its own
 * report), or one the server dropped. Returns whether this device has pushes on.
 */
export async function confirmPushes(pushKey: string): Promise<boolean> {
  if (notificationPermission() !== 'granted') return false;
  const subscription = await currentSubscription();
  if (!subscription || !sameKey(subscription, keyBytes(pushKey))) return false;
  await saveSubscription(subscription.toJSON()).catch(() => undefined);
  return true;
}
