import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { festival } from '@/lib/festival';
import { env } from '@/lib/server/env';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

let keys: VapidKeys | null | undefined;

/**
 * The key pair that signs every push (VAPID): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set. Outside
 * production a pair is generated once and kept in DATA_DIR, like the development JWT secret, so the
 * devices subscribed before a restart keep receiving. Null in production without keys: pushes are off.
 */
export function vapidKeys(): VapidKeys | null {
  if (keys !== undefined) return keys;
  const e = env();
  const subject = e.VAPID_SUBJECT ?? `mailto:${festival.emails[0]}`;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    keys = { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  } else if (e.NODE_ENV === 'production') {
    keys = null;
  } else {
    keys = { ...generatedKeys(path.resolve(e.DATA_DIR, 'vapid-keys.json')), subject };
  }
  return keys;
}

/** Whether this site can send pushes at all. */
export const pushEnabled = (): boolean => vapidKeys() !== null;

function generatedKeys(file: string): { publicKey: string; privateKey: string } {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      // Another process wrote it first; use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/** Tests switch keys on and off. */
export function resetVapidKeysForTests(): void {
  keys = undefined;
}
