import 'server-only';
import { eq } from 'drizzle-orm';
import type { ReminderChannel } from '@/lib/schemas/announcement-rules';
import type { Db } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { listDevices, type DeviceView } from '@/lib/server/push/subscriptions';
import { vapidKeys } from '@/lib/server/push/vapid';
import { myAnnouncements, type PublicAnnouncement } from './announcements';

export interface MyNotifications {
  /** The key a browser subscribes with (VAPID public key); null when this site sends no pushes. */
  pushKey: string | null;
  reminderChannel: ReminderChannel;
  devices: DeviceView[];
  announcements: PublicAnnouncement[];
}

/** What the profile's Notifications section shows. */
export async function myNotifications(db: Db, userId: string): Promise<MyNotifications> {
  const [[person], devices, announcements] = await Promise.all([
    db.select({ reminderChannel: users.reminderChannel }).from(users).where(eq(users.id, userId)),
    listDevices(db, userId),
    myAnnouncements(db, userId),
  ]);
  return {
    pushKey: vapidKeys()?.publicKey ?? null,
    reminderChannel: person?.reminderChannel ?? 'push',
    devices,
    announcements,
  };
}

export async function setReminderChannel(db: Db, userId: string, channel: ReminderChannel): Promise<void> {
  await db.update(users).set({ reminderChannel: channel, updatedAt: new Date() }).where(eq(users.id, userId));
}
