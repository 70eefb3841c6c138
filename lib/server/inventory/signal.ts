import 'server-only';
import { afterCommit, type Db, type Tx } from '@/lib/server/db';
import { logger } from '@/lib/server/log';
import type { InventoryKind } from './kinds';
import { offerFreedUnits } from './offers';
import { refreshPagesOf } from './pages';

/*
 * The one signal for a changed item. Whatever frees or takes units (a hold written, given back or
 * converted, a registration or a sale cancelled, a limit raised, a waiting list's offer passed on) says
 * inventoryChanged in its transaction; the transaction collects the items, and once it has committed every
 * subscriber hears of them, each on its own:
 *
 * - the waiting lists make offers of what was freed (offers.ts), each item in its own short transaction
 *   under the item's lock, in id order;
 * - the public pages that show what is left are revalidated (pages.ts).
 *
 * A caller never makes a second call after its commit. If a process dies between the commit and the
 * subscribers, the waiting lists' job (every minute) finds the free units all the same: the signal makes
 * things prompt, the job makes them certain.
 */

/** One changed item. `freed`: units may have come free (worth an offer), not only been taken. */
export interface InventoryChange {
  kind: InventoryKind;
  itemId: number;
  freed: boolean;
}

const changesOf = new WeakMap<Tx, Map<string, InventoryChange>>();

/**
 * Records in `tx` that an item's units changed; subscribers hear of it after the commit. `how`: 'freed'
 * when units may have come free, 'taken' when they were only taken (no offer can follow).
 */
export function inventoryChanged(
  tx: Tx,
  kind: InventoryKind,
  itemId: number,
  how: 'freed' | 'taken' = 'freed',
): void {
  let changes = changesOf.get(tx);
  if (!changes) {
    const collected = new Map<string, InventoryChange>();
    // First: it throws outside a transaction of the database module, before anything is kept.
    afterCommit(tx, (db) => publish(db, [...collected.values()]));
    changesOf.set(tx, collected);
    changes = collected;
  }
  const key = `${kind}:${itemId}`;
  const freed = how === 'freed' || (changes.get(key)?.freed ?? false);
  changes.set(key, { kind, itemId, freed });
}

/** The subscribers, in order: offers first (an offer's hold is what the pages then show). */
const subscribers: ReadonlyArray<{
  name: string;
  hear: (db: Db, changes: InventoryChange[]) => Promise<void>;
}> = [
  { name: 'waiting list offers', hear: offerFreedUnits },
  { name: 'pages', hear: refreshPagesOf },
];

/** Tells every subscriber of committed changes; one that fails is logged and leaves the others be. */
export async function publish(db: Db, changes: InventoryChange[]): Promise<void> {
  if (changes.length === 0) return;
  for (const subscriber of subscribers) {
    await subscriber
      .hear(db, changes)
      .catch((error: unknown) =>
        logger.warn({ err: error, subscriber: subscriber.name }, 'an inventory change was not heard'),
      );
  }
}
