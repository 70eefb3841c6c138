import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { pushSubscriptions } from '@/lib/server/db/schema';

export interface DeviceView {
  id: string;
  device: string;
  createdAt: string;
}

/**
 * Keeps a device's subscription for the signed-in person. An endpoint is one browser on one device: if
 * someone else had it (a shared phone, the next person signed in), it is theirs now, so the previous
 * person's pushes stop reaching this phone.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  subscription: { endpoint: string; p256dh: string; auth: string },
  userAgent: string | null,
): Promise<{ view: DeviceView; created: boolean }> {
  const device = deviceName(userAgent);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription, device })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, device },
    })
    .returning({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      createdAt: pushSubscriptions.createdAt,
      // A row inserted now has xmax 0; an updated one does not.
      created: sqlInserted(),
    });
  if (!row) throw new Error('push subscription upsert returned no row');
  return {
    view: { id: row.id, device: row.device, createdAt: row.createdAt.toISOString() },
    created: row.created,
  };
}

/** Whether the upserted row was inserted (PostgreSQL's xmax is 0 on a fresh row, set on an updated one). */
function sqlInserted() {
  return sql<boolean>`(xmax = 0)`.mapWith(Boolean);
}

/**
 * Puts a renewed subscription in the place of the old one (same person, same device name). False when
 * the old endpoint is unknown (turned off, or forgotten after the push service said it was gone).
 */
export async function renewSubscription(
  db: Db,
  oldEndpoint: string,
  subscription: { endpoint: string; p256dh: string; auth: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, oldEndpoint))
      .returning({ userId: pushSubscriptions.userId, device: pushSubscriptions.device });
    if (!old) return false;
    await tx
      .insert(pushSubscriptions)
      .values({ userId: old.userId, device: old.device, ...subscription })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: old.userId, p256dh: subscription.p256dh, auth: subscription.auth },
      });
    return true;
  });
}

/** Forgets one of the person's devices (turned off on it, or signed out of it). */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** The person's devices with pushes on, newest first. */
export async function listDevices(db: Db, userId: string): Promise<DeviceView[]> {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map((r) => ({ id: r.id, device: r.device, createdAt: r.createdAt.toISOString() }));
}

/** "Chrome on Android", "Safari on iPhone", ...: enough to tell a person's devices apart. */
export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'A browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua)
        ? 'iPad'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'a device';
  return `${browser} on ${system}`;
}
