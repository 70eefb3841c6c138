import 'server-only';
import type { Db } from '@/lib/server/db';
import { announceLapsedPlaces } from './places';
import { makeOffers } from './waiting-lists';

/**
 * What runs every minute in each instance (lib/server/startup.ts) and on the platform's cron
 * (/api/cron/waiting-lists): lapse expired offers and offer freed units to the lists, then let the
 * events' pages show the places that lapsed holds and offers gave back.
 */
export async function waitingListJob(db: Db): Promise<{ lapsed: number; offered: number }> {
  const made = await makeOffers(db);
  await announceLapsedPlaces(db);
  return made;
}
