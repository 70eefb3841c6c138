import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

/*
 * Pushes in the end-to-end tests (docs/announcements.md, "On the phone").
 *
 * A browser's pushes go through its vendor's push service (Google's for Chromium), which a headless test
 * browser cannot reach. The stand-in is web-push-testing, a small push service run on this machine: it
 * hands out subscriptions (an endpoint and keys), accepts the server's encrypted, VAPID-signed pushes at
 * that endpoint, checks the signature against the subscription's key and decrypts them, so what it holds
 * proves the server's encryption and signing. The test then hands each message to the real service worker
 * through Chromium's own test hook (DevTools' ServiceWorker.deliverPushMessage), as the push service
 * would have, and reads the notification the worker showed.
 */

export const pushServicePort = Number(process.env.PUSH_SERVICE_PORT ?? 28401);

export interface PushService {
  url: string;
  /** A subscription of the stand-in for the server key `applicationServerKey` (base64url). */
  subscribe(applicationServerKey: string): Promise<StandInSubscription>;
  /** The messages the server sent to the subscription with this endpoint, decrypted. */
  messagesFor(endpoint: string): Promise<string[]>;
  stop(): Promise<void>;
}

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** Starts the stand-in on `port` (its own process, stopped by stop()) and waits until it answers. */
export async function startPushService(port = pushServicePort): Promise<PushService> {
  const script = path.join(process.cwd(), 'node_modules/web-push-testing/src/bin/server.js');
  const child: ChildProcess = spawn(process.execPath, [script, String(port)], { stdio: 'ignore' });
  const url = `http://localhost:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/status`, { method: 'POST' }).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(200);
  const byEndpoint = new Map<string, string>();

  return {
    url,
    async subscribe(applicationServerKey) {
      // The stand-in takes userVisibleOnly as the text 'true', as a form field would send it.
      const answer = await fetch(`${url}/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      const { data } = (await answer.json()) as { data: StandInSubscription };
      byEndpoint.set(data.endpoint, data.clientHash);
      return data;
    },
    async messagesFor(endpoint) {
      const clientHash = byEndpoint.get(endpoint);
      if (!clientHash) throw new Error(`The push service made no subscription ${endpoint}`);
      const answer = await fetch(`${url}/get-notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientHash }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return ((await answer.json()) as { data: { messages: string[] } }).data.messages;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Replaces, in every page of `context`, only the browser's own registration with a push service:
 * PushManager.prototype.subscribe asks the stand-in (through a binding, since the site's CSP lets pages
 * reach only the site) and getSubscription returns what it gave, kept in localStorage across reloads.
 * Everything of ours runs as it is: the opt-in, the service worker and its registration, the server's
 * sending. The object returned has a PushSubscription's shape: endpoint, options, getKey, toJSON and
 * unsubscribe. Service workers are not touched (init scripts run in pages only).
 */
export async function usePushService(context: BrowserContext, service: PushService): Promise<void> {
  await context.exposeBinding('__e2ePushSubscribe', (_source, key: string) => service.subscribe(key));
  await context.addInitScript(() => {
    const storageKey = 'e2e:push-subscription';
    type Stored = { endpoint: string; keys: { p256dh: string; auth: string }; key: string };
    const fromBase64url = (text: string) => {
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
      return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
    };
    const toBase64url = (bytes: ArrayBuffer | ArrayBufferView) => {
      const view =
        bytes instanceof ArrayBuffer
          ? new Uint8Array(bytes)
          : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return btoa(String.fromCharCode(...view))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    };
    const read = (): Stored | null => JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Stored | null;
    const asSubscription = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64url(stored.key) },
      getKey: (name: 'p256dh' | 'auth') => fromBase64url(stored.keys[name]),
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { ...stored.keys } }),
      unsubscribe: async () => {
        localStorage.removeItem(storageKey);
        return true;
      },
    });
    const binding = (window as unknown as { __e2ePushSubscribe(key: string): Promise<Stored> })
      .__e2ePushSubscribe;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const raw = options?.applicationServerKey;
      if (!raw) throw new DOMException('applicationServerKey is required', 'NotSupportedError');
      const key = typeof raw === 'string' ? raw : toBase64url(raw);
      const made = await binding(key);
      const stored: Stored = { endpoint: made.endpoint, keys: made.keys, key };
      localStorage.setItem(storageKey, JSON.stringify(stored));
      return asSubscription(stored) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = read();
      return stored ? (asSubscription(stored) as unknown as PushSubscription) : null;
    };
  });
}

/**
 * Chromium's DevTools hook into the service workers of `page`'s origin: the registration ids by scope,
 * and delivering a push message to one, as the push service would.
 */
export async function serviceWorkerHook(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) {
      if (registration.isDeleted) registrations.delete(registration.scopeURL);
      else registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  // A push delivered to a registration whose worker is still installing can be dropped: deliverPush waits
  // for an activated version (a loaded machine once took more than the test's patience to get there).
  const activated = new Set<string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (version.status === 'activated') activated.add(version.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;

  return {
    async deliverPush(scope: string, data: string): Promise<void> {
      const scopeURL = new URL(scope, origin).href;
      await expect
        .poll(() => activated.has(registrations.get(scopeURL) ?? ''), {
          message: `an activated worker for ${scope}`,
        })
        .toBe(true);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: registrations.get(scopeURL)!,
        data,
      });
    },
    detach: () => cdp.detach(),
  };
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: string | undefined;
}

/** The notifications the registration of `scope` shows now (what the phone's lock screen would list). */
export function shownNotifications(page: Page, scope = '/profile'): Promise<ShownNotification[]> {
  return page.evaluate(async (scope) => {
    const registration = await navigator.serviceWorker.getRegistration(scope);
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  }, scope);
}
