import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A push service on loopback for the push protocol's tests: the web-push-testing package's server, which
 * hands out subscriptions as a browser's push service would, checks each message's VAPID signature and
 * headers, decrypts it with the subscription's private key, and answers 410 for a subscription told to
 * expire. Run as a child process (it logs and may exit on its own).
 */
export interface PushServiceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  url: string;
  /** A new subscription for the site's VAPID public key, as pushManager.subscribe would give. */
  subscribe(applicationServerKey: string): Promise<PushServiceSubscription>;
  /** The messages a subscription received, decrypted. */
  messages(clientHash: string): Promise<string[]>;
  /** From now on the service answers 410 Gone for this subscription. */
  expire(clientHash: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startPushService(port: number): Promise<PushService> {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('web-push-testing/package.json'));
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(packageDir, 'src/bin/server.js'), String(port)],
    {
      stdio: 'ignore',
    },
  );
  const url = `http://localhost:${port}`;
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`push service ${route} answered ${response.status}: ${text}`);
    // /status and /expire-subscription answer a bare 'OK'; the rest answer JSON.
    return text.startsWith('{') ? (JSON.parse(text) as { data: unknown }) : { data: undefined };
  };
  for (let tries = 0; ; tries += 1) {
    try {
      await post('/status', {});
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async subscribe(applicationServerKey) {
      return (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey }))
        .data as PushServiceSubscription;
    },
    async messages(clientHash) {
      return ((await post('/get-notifications', { clientHash })).data as { messages: string[] }).messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
