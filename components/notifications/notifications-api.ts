import { api, type ApiAnswer } from '@/lib/api-client';
import type { ReminderChannel } from '@/lib/schemas/announcement-rules';

/*
 * The participant's notification calls (docs/announcements.md): their settings, devices and the
 * announcements addressed to them, and this device's push subscription.
 */

export interface PushDeviceEntry {
  id: number | string;
  /** A readable name the server made from the device's User-Agent ("Chrome on Android"). */
  device: string;
  createdAt: string;
}

export interface MyAnnouncement {
  id: number | string;
  title: string;
  body: string;
  link: string | null;
  sentAt: string;
}

export interface MyNotifications {
  /** The site's VAPID public key (base64url); null when the site has no push keys. */
  pushKey: string | null;
  reminderChannel: ReminderChannel;
  devices: PushDeviceEntry[];
  announcements: MyAnnouncement[];
}

/** The answer's `data` (the API's `{ message, data }`), or the answer itself if it came unwrapped. */
function body<T>(answer: ApiAnswer<T>): T {
  return (answer.data ?? answer) as T;
}

export async function fetchMyNotifications(signal?: AbortSignal): Promise<MyNotifications> {
  return body(await api.get<MyNotifications>('/api/my-notifications', { signal }));
}

export async function chooseReminderChannel(reminderChannel: ReminderChannel): Promise<MyNotifications> {
  return body(await api.patch<MyNotifications>('/api/my-notifications', { reminderChannel }));
}

export async function saveSubscription(subscription: PushSubscriptionJSON): Promise<PushDeviceEntry> {
  const answer = body(
    await api.post<{ subscription: PushDeviceEntry }>('/api/push-subscriptions', subscription),
  );
  return answer.subscription;
}

export async function removeSubscription(endpoint: string): Promise<boolean> {
  return body(await api.delete<{ removed: boolean }>('/api/push-subscriptions', { body: { endpoint } }))
    .removed;
}
