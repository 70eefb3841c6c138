import 'server-only';
import type { Db } from '@/lib/server/db';
import { logger } from '@/lib/server/log';
import { drainDueMail } from '@/lib/server/mail/mail-service';
import { deliverDuePushes } from '@/lib/server/push/push-queue';
import { endLapsedBanners, sendDueAnnouncements } from './announcements';
import { queueDueReminders } from './reminders';

/**
 * One round of the announcements' work: the scheduled announcements now due are sent (their messages
 * queued), the banners whose time is over taken off the cached pages, the reminders of the sessions starting within the lead time are queued, and the push queue and
 * the mail outbox are drained for up to `budgetMs` each. The loop of a long-running server runs it every
 * few seconds; /api/cron/announcements runs it on a platform that keeps no process. Safe on any number of
 * instances at once: each step takes its rows with SKIP LOCKED or a unique key.
 */
export async function announcementsJob(db: Db, budgetMs = 20_000) {
  const announcementsSent = await sendDueAnnouncements(db);
  const bannersEnded = await endLapsedBanners(db);
  const remindersQueued = await queueDueReminders(db);
  const [pushes, mail] = await Promise.all([deliverDuePushes(db, { budgetMs }), drainDueMail(db, budgetMs)]);
  return { announcementsSent, bannersEnded, remindersQueued, pushes, mail };
}

let running: Promise<unknown> | null = null;
let kicksOn = true;

/** Tests that drive each step themselves turn the background round of deliverSoon off. */
export function setDeliverSoonForTests(on: boolean): void {
  kicksOn = on;
}

/**
 * Starts a round now, in the background, unless one is already running in this process: an organiser's
 * "send now" and a timetable change reach phones without waiting for the loop's next tick. Not on a
 * function platform, whose process is frozen once the answer has left (the cron does it there).
 */
export function deliverSoon(db: Db): void {
  if (running || !kicksOn) return;
  running = announcementsJob(db)
    .catch((error: unknown) => logger.error({ err: error }, 'announcements round failed'))
    .finally(() => {
      running = null;
    });
}

/** The loop's tick: one round, never two at once in a process. */
export async function announcementsTick(db: Db): Promise<void> {
  if (running) return;
  running = announcementsJob(db);
  try {
    await running;
  } finally {
    running = null;
  }
}
