import 'server-only';
import { and, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { events, festivalConfig, participationOptions, stockHolds } from '@/lib/server/db/schema';
import { expireSharedCacheTags } from '@/lib/server/db/shared-cache';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import {
  convertHolds,
  fullMessage,
  holdStock,
  lockedUnitsLeft,
  replaceAccountHolds,
  unitsLeftColumn,
  type ReleasedHold,
  type StockKind,
} from './stock';
import { takeOverOffer, unitsFreed } from './waiting-lists';

/*
 * The places of an event's participation options: an option with a place_limit takes that many
 * registrations (teams); without one it is unlimited. Places are held and counted as stock is
 * (lib/server/services/stock.ts, kind 'participation_option'): places left = limit - confirmed
 * registrations - open holds, decided under the option's row lock. Every registration, free or paid,
 * takes its place through takePlace, called by insertRegistration.
 */

/** "Solo for Robo Wars": how a refusal names an option. */
async function optionLabel(db: Db | Tx, optionId: number): Promise<string> {
  const [row] = await db
    .select({ option: participationOptions.participationName, event: events.name })
    .from(participationOptions)
    .innerJoin(events, eq(events.id, participationOptions.eventId))
    .where(eq(participationOptions.id, optionId));
  if (!row) throw new AppError('gone', 'This way of taking part no longer exists.');
  return `${row.option} for ${row.event}`;
}

/**
 * Holds a place of an option for an unpaid order until the hold expires (as stock is held), replacing
 * the account's earlier unpaid event orders' holds; refuses with 409 when the option is full. An
 * unlimited option holds nothing. Answers the holds it replaced: their places go to the waiting lists
 * after the commit (makeOffers), not here, where locking another option before this one could deadlock
 * with an order going the other way; the people waiting keep those places from everyone meanwhile.
 */
export async function holdPlace(
  tx: Tx,
  input: { orderId: string; userId: string; optionId: number; offerId?: string },
): Promise<ReleasedHold[]> {
  const released = await replaceAccountHolds(tx, {
    userId: input.userId,
    kind: 'participation_option',
    orderId: input.orderId,
    spareOfferId: input.offerId,
  });
  if (input.offerId) {
    // A waiting list's offer: the place it holds becomes this order's (waiting-lists.ts).
    await takeOverOffer(tx, {
      offerId: input.offerId,
      userId: input.userId,
      kind: 'participation_option',
      itemId: input.optionId,
      orderId: input.orderId,
    });
    return released;
  }
  await holdStock(tx, {
    orderId: input.orderId,
    kind: 'participation_option',
    itemId: input.optionId,
    quantity: 1,
    label: await optionLabel(tx, input.optionId),
  });
  return released;
}

/**
 * Takes one place of an option for a registration being written in the same transaction; refuses with
 * 409 "{option} for {event} is full." when none is left. A paid order converts its hold (re-counted under
 * the lock when the hold had expired or been released: then a full option makes the payment refunded);
 * an order without a hold (the option was unlimited when it was made) and a free registration are
 * counted under the lock. The lock is held until the commit, so registrations of one option queue.
 */
export async function takePlace(
  tx: Tx,
  input: { optionId: number; orderId: string | null; offer?: { id: string; userId: string } },
): Promise<void> {
  if (input.offer && !input.orderId) {
    // A free registration on a waiting list's offer takes the place the offer holds.
    await takeOverOffer(tx, {
      offerId: input.offer.id,
      userId: input.offer.userId,
      kind: 'participation_option',
      itemId: input.optionId,
      orderId: null,
    });
    return;
  }
  if (input.orderId) {
    const [hold] = await tx
      .select({ id: stockHolds.id })
      .from(stockHolds)
      .where(
        and(
          eq(stockHolds.paymentOrderId, input.orderId),
          eq(stockHolds.kind, 'participation_option'),
          isNull(stockHolds.convertedAt),
        ),
      )
      .limit(1);
    if (hold) {
      await convertHolds(
        tx,
        input.orderId,
        new Map([[input.optionId, await optionLabel(tx, input.optionId)]]),
      );
      return;
    }
  }
  const left = await lockedUnitsLeft(tx, 'participation_option', input.optionId);
  if (left !== null && left < 1) {
    throw new AppError('conflict', fullMessage(await optionLabel(tx, input.optionId)), { reason: 'full' });
  }
}

/**
 * Announces that a place of an option was freed (a registration cancelled or refunded, a held place given
 * back, a limit raised), in the transaction that freed it: the first in its waiting list gets the offer
 * in this transaction (waiting-lists.ts).
 */
export async function placeFreed(tx: Tx, optionId: number): Promise<void> {
  logger.debug({ optionId }, 'a place was freed');
  await unitsFreedOf(tx, 'participation_option', optionId);
}

/** A freed unit of any kind, offered to its waiting list. */
export async function unitsFreedOf(tx: Tx, kind: StockKind, itemId: number): Promise<void> {
  await unitsFreed(tx, kind, itemId);
}

/**
 * Announces the units among released holds that were still held (an expired hold had freed its own; the
 * waiting lists' job sweeps those): places of options, sizes and stays alike.
 */
export async function placesReleased(tx: Tx, released: ReleasedHold[]): Promise<void> {
  const at = now().getTime();
  const freed = new Map<string, { kind: StockKind; itemId: number }>();
  for (const h of released.filter((r) => r.expiresAt.getTime() > at)) {
    freed.set(`${h.kind}:${h.itemId}`, { kind: h.kind, itemId: h.itemId });
  }
  // In id order, as holds and refunds take their item locks, so two releases (or a release and a
  // purchase) of several sizes cannot lock them crosswise and deadlock.
  const inIdOrder = [...freed.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.itemId - b.itemId);
  for (const { kind, itemId } of inIdOrder) {
    if (kind === 'participation_option') await placeFreed(tx, itemId);
    else await unitsFreedOf(tx, kind, itemId);
  }
}

/**
 * Places left per option (null: unlimited), read now: the registration screen's fresh figures. With
 * `forUserId`, that account's own unpaid holds count as left: its next order replaces them (holdPlace), so
 * a buyer back on the screen before paying sees the place they hold, not "Full".
 */
export async function placesLeft(
  db: Db,
  optionIds: number[],
  forUserId?: string,
): Promise<Map<number, number | null>> {
  if (optionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: participationOptions.id, left: unitsLeftColumn.participation_option(forUserId) })
    .from(participationOptions)
    .where(inArray(participationOptions.id, optionIds));
  return new Map(rows.map((r) => [r.id, r.left === null ? null : Number(r.left)]));
}

/**
 * After a commit that changed the places of some options: the public pages show places left, so the
 * events' cached pages are revalidated when one of the options is limited (an unlimited option's
 * registrations change nothing shown). Outside a request (the reconciliation loop) Next cannot revalidate
 * in place; the tag is then expired through the shared cache's table, which every instance watches.
 */
export async function placesChanged(db: Db, optionIds: number[]): Promise<void> {
  try {
    if (optionIds.length === 0) return;
    const [limited] = await db
      .select({ id: participationOptions.id })
      .from(participationOptions)
      .where(and(inArray(participationOptions.id, optionIds), isNotNull(participationOptions.placeLimit)))
      .limit(1);
    if (!limited) return;
    // Loaded when needed: settling payments imports this module, and must not load Next's page cache.
    const { contentChanged, contentTags } = await import('@/lib/server/content-cache');
    try {
      contentChanged(contentTags.events);
    } catch {
      await expireSharedCacheTags(db, [contentTags.events]);
    }
  } catch (error) {
    // The registration stands; the pages catch up with the next change.
    logger.warn({ err: error }, 'the events pages could not be revalidated after a change of places');
  }
}

/** festival_config key: up to when lapsed places have been announced (an ISO time). */
const lapsesAnnouncedKey = 'places_lapses_announced_until';
/** How far back the very first check looks. */
const firstLookBackMs = 15 * 60_000;

/**
 * A place whose hold lapsed unpaid, or whose waiting-list offer lapsed, frees itself without any write
 * that would announce it, so a limited option's cached card would go on saying "Full". The waiting lists'
 * job calls this on each run: it moves the announced-until time on under its row lock (so with several
 * instances each stretch of time is looked at once) and revalidates the events' pages when a place of a
 * limited option lapsed within that stretch.
 */
export async function announceLapsedPlaces(db: Db): Promise<number[]> {
  const until = now();
  const from = await db.transaction(async (tx) => {
    await tx
      .insert(festivalConfig)
      .values({ key: lapsesAnnouncedKey, value: new Date(until.getTime() - firstLookBackMs).toISOString() })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ value: festivalConfig.value })
      .from(festivalConfig)
      .where(eq(festivalConfig.key, lapsesAnnouncedKey))
      .for('update');
    const previous = new Date(String(row?.value));
    await tx
      .update(festivalConfig)
      .set({ value: until.toISOString(), updatedAt: until })
      .where(eq(festivalConfig.key, lapsesAnnouncedKey));
    return Number.isNaN(previous.getTime()) ? new Date(until.getTime() - firstLookBackMs) : previous;
  });
  if (from >= until) return [];
  const lapsed = await db
    .selectDistinct({ optionId: stockHolds.itemId })
    .from(stockHolds)
    .where(
      and(
        eq(stockHolds.kind, 'participation_option'),
        isNull(stockHolds.convertedAt),
        gt(stockHolds.expiresAt, from),
        lte(stockHolds.expiresAt, until),
      ),
    );
  const optionIds = lapsed.map((r) => r.optionId);
  await placesChanged(db, optionIds);
  return optionIds;
}
