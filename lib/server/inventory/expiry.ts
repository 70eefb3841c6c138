import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { festivalConfig } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { expiredBetween } from './holds';
import type { InventoryKind } from './kinds';
import { publish } from './signal';

/*
 * The one transition without a write: a hold (or a waiting list's offer) whose time runs out frees its
 * units by the clock alone, so nothing signals it at the moment it happens. The waiting lists' job calls
 * this on each run: it moves the "signalled until" time on under its row lock (so with several instances
 * each stretch of time is looked at once) and publishes the items whose holds ran out within that
 * stretch, as any other change: offers are made, and pages showing them are revalidated.
 */

/** festival_config key: up to when expired holds have been signalled (an ISO time). */
const expiriesSignalledKey = 'places_lapses_announced_until';
/** How far back the very first run looks. */
const firstLookBackMs = 15 * 60_000;

export async function signalExpiredHolds(db: Db): Promise<Array<{ kind: InventoryKind; itemId: number }>> {
  const until = now();
  const from = await db.transaction(async (tx) => {
    await tx
      .insert(festivalConfig)
      .values({ key: expiriesSignalledKey, value: new Date(until.getTime() - firstLookBackMs).toISOString() })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ value: festivalConfig.value })
      .from(festivalConfig)
      .where(eq(festivalConfig.key, expiriesSignalledKey))
      .for('update');
    const previous = new Date(String(row?.value));
    await tx
      .update(festivalConfig)
      .set({ value: until.toISOString(), updatedAt: until })
      .where(eq(festivalConfig.key, expiriesSignalledKey));
    return Number.isNaN(previous.getTime()) ? new Date(until.getTime() - firstLookBackMs) : previous;
  });
  if (from >= until) return [];
  const expired = await expiredBetween(db, from, until);
  await publish(
    db,
    expired.map((item) => ({ ...item, freed: true })),
  );
  return expired;
}
