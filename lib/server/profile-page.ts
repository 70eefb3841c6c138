import 'server-only';
import type { ProfileFromServer } from '@/components/profile/from-server';
import { myNotifications } from '@/lib/server/announcements/my-notifications';
import { myCertificates } from '@/lib/server/certificates/public-view';
import { myPlans } from '@/lib/server/changes/plans';
import { myTransfers } from '@/lib/server/changes/transfer';
import { now } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db';
import { AppError } from '@/lib/server/http/app-error';
import { readForPage } from '@/lib/server/page-data';
import { getMyPass } from '@/lib/server/passes/passes';
import { getProfile } from '@/lib/server/services/profile';
import { myTimetable } from '@/lib/server/services/timetable';
import { myWaitingLists } from '@/lib/server/services/waiting-lists';

/**
 * A value exactly as its API route answers it (JSON), so a section shows the same thing whether the page
 * brought it or the browser asked: no Date, undefined or class instance can slip past the types into a prop.
 */
function asAnswered<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** One read, with readForPage's rule (null when it fails: the section loads in the browser). */
function read<T>(what: string, value: () => Promise<T>): Promise<T | null> {
  return readForPage(what, async () => asAnswered(await value()));
}

/** GET /api/my-pass's answer, with its 404 (no pass yet) as `{ pass: null }` as the section takes it. */
async function passOf(userId: string) {
  try {
    return { pass: await getMyPass(await getDb(), userId) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return { pass: null };
    throw error;
  }
}

/**
 * Everything /profile's sections ask their API routes for, read for `userId` by the services those routes
 * call, all at once: the page is rendered with it and the browser asks for none of it (docs/decisions.md,
 * "Signed-in pages are rendered for their visitor").
 */
export async function readProfileForPage(userId: string): Promise<ProfileFromServer> {
  const renderedAt = now().getTime();
  const [profile, pass, certificates, waitingLists, timetable, notifications, transfers, plans] =
    await Promise.all([
      read('profile', async () => getProfile(await getDb(), userId)),
      read('festival pass', () => passOf(userId)),
      read('certificates', async () => myCertificates(await getDb(), userId)),
      read('waiting lists', async () => myWaitingLists(await getDb(), userId)),
      read('timetable', async () => myTimetable(await getDb(), userId)),
      read('notifications', async () => myNotifications(await getDb(), userId)),
      read('transfers', async () => myTransfers(await getDb(), userId)),
      read('plans', async () => myPlans(await getDb(), userId)),
    ]);
  return {
    userId,
    renderedAt,
    profile,
    pass,
    certificates,
    waitingLists,
    timetable,
    notifications,
    transfers,
    plans,
  };
}
