import 'server-only';
import type { Db } from '@/lib/server/db';
import { makeOffers, signalExpiredHolds } from '@/lib/server/inventory';

/**
 * What runs every minute in each instance (lib/server/startup.ts) and on the platform's cron
 * (/api/cron/waiting-lists): lapse expired offers and offer freed units to the lists, then signal the
 * items whose holds ran out (no write announced them), so the pages showing them catch up.
 */
export async function waitingListJob(db: Db): Promise<{ lapsed: number; offered: number }> {
  const made = await makeOffers(db);
  await signalExpiredHolds(db);
  return made;
}
