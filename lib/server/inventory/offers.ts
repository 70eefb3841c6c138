import 'server-only';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { queryRows } from '@/lib/server/db/client';
import { festivalConfig, paymentOrders, stockHolds, users, waitingListEntries } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { PendingMail, queueMailForRetryLoop } from '@/lib/server/mail/mail-service';
import { offerMail } from '@/lib/server/mail/waiting-list-mails';
import { adapters, type InventoryKind, type ItemInfo } from './kinds';
import { holdMinutes } from './hold-time';
import { activeHold, lockedUnitsLeft, openHold } from './rule';
import type { InventoryChange } from './signal';

/*
 * Waiting lists' offers: the inventory's subscriber for freed units (docs/waiting-lists.md). A unit freed
 * while anyone waits is theirs first: the rule counts the people waiting against what is left to a plain
 * buyer, so nobody can take it meanwhile. The first in line gets an offer: the unit is held for them (a
 * stock_holds row tied to the entry, no order yet) until the offer expires, with a mail whose link leads
 * to paying or registering. An order or registration naming the offer takes its hold over; an unused
 * offer lapses and passes to the next. Offers are made under the item's row lock, so several instances
 * making offers at once queue on it and never offer one freed unit twice.
 */

export type WaitingEntry = typeof waitingListEntries.$inferSelect;

/** The organisers' offer time (festival_config key), in hours; 12 unless they chose another. */
export const offerHoursKey = 'waiting_list_offer_hours';
export const defaultOfferHours = 12;

export async function offerHours(db: Db | Tx): Promise<number> {
  const [row] = await db.select().from(festivalConfig).where(eq(festivalConfig.key, offerHoursKey));
  const hours = Number(row?.value);
  return Number.isFinite(hours) && hours > 0 ? hours : defaultOfferHours;
}

export async function setOfferHours(db: Db, hours: number): Promise<number> {
  await db
    .insert(festivalConfig)
    .values({ key: offerHoursKey, value: hours })
    .onConflictDoUpdate({ target: festivalConfig.key, set: { value: hours, updatedAt: now() } });
  return hours;
}

export function offerLink(info: ItemInfo, entryId: string): string {
  return `${env().SITE_URL.replace(/\/$/, '')}${info.path}?offer=${entryId}`;
}

/** Gives back an offer's hold while no order has taken it over. */
export async function releaseOfferHold(tx: Tx, entryId: string): Promise<void> {
  await tx
    .update(stockHolds)
    .set({ releasedAt: now() })
    .where(and(eq(stockHolds.waitingEntryId, entryId), isNull(stockHolds.paymentOrderId), openHold()));
}

/**
 * An offer an order took over but that was never paid (the buyer closed the checkout, or it failed) still
 * stands for them until the offer's time is up: its hold is on that unpaid order, and the next order may
 * take it over again (replaceAccountHolds spares it). Answers that hold's id, or null.
 */
export async function unpaidTakeOver(db: Db | Tx, entry: WaitingEntry): Promise<string | null> {
  if (entry.status !== 'accepted' || !entry.offerExpiresAt || entry.offerExpiresAt <= now()) return null;
  const [hold] = await db
    .select({ id: stockHolds.id })
    .from(stockHolds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, stockHolds.paymentOrderId))
    .where(
      and(
        eq(stockHolds.waitingEntryId, entry.id),
        activeHold(),
        eq(paymentOrders.userId, entry.userId),
        inArray(paymentOrders.state, ['created', 'failed']),
      ),
    )
    .limit(1);
  return hold?.id ?? null;
}

/** An offer made and not yet taken by any order, whose time is not up. */
function isUntakenOffer(entry: WaitingEntry): boolean {
  return entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > now();
}

/** Whether the entry's offer still stands for its person: not yet taken, or taken by an unpaid order. */
async function offerStands(db: Db | Tx, entry: WaitingEntry): Promise<boolean> {
  return isUntakenOffer(entry) || (await unpaidTakeOver(db, entry)) !== null;
}

/**
 * Offers the item's free units to the first people waiting, in order of joining, under the item's lock;
 * answers how many offers were made. `mail` collects the offer mails to send after the commit; without
 * it they are queued for the retry loop.
 */
export async function offerNext(
  tx: Tx,
  kind: InventoryKind,
  itemId: number,
  mail?: PendingMail,
): Promise<number> {
  const free = await lockedUnitsLeft(tx, kind, itemId, undefined, { forOffers: true }).catch(
    (error: unknown) => {
      if (error instanceof AppError) return 0; // the item was removed: nothing to offer
      throw error;
    },
  );
  if (free !== null && free <= 0) return 0;
  const [item] = await queryRows<{ enabled: boolean }>(
    tx,
    sql`select enabled from inventory_items where kind = ${kind}::text and item_id = ${itemId}::integer`,
  );
  if (!item?.enabled) return 0; // a size switched off is not offered
  const next = await tx
    .select({ entry: waitingListEntries, email: users.email })
    .from(waitingListEntries)
    .innerJoin(users, eq(users.id, waitingListEntries.userId))
    .where(
      and(
        eq(waitingListEntries.kind, kind),
        eq(waitingListEntries.itemId, itemId),
        eq(waitingListEntries.status, 'waiting'),
      ),
    )
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
    .limit(free ?? 1000)
    .for('update', { of: waitingListEntries });
  if (next.length === 0) return 0;
  const adapter = adapters[kind];
  const info = await adapter.info(tx, itemId);
  const isFree = await adapter.isFree(tx, itemId);
  const hours = await offerHours(tx);
  const offeredAt = now();
  const expiresAt = new Date(offeredAt.getTime() + hours * 3_600_000);
  for (const { entry, email } of next) {
    await tx
      .update(waitingListEntries)
      .set({ status: 'offered', offeredAt, offerExpiresAt: expiresAt })
      .where(eq(waitingListEntries.id, entry.id));
    await tx.insert(stockHolds).values({ waitingEntryId: entry.id, kind, itemId, quantity: 1, expiresAt });
    const message = offerMail(email, {
      label: info.label,
      link: offerLink(info, entry.id),
      expiresAt,
      free: isFree,
    });
    if (mail) await mail.add(tx, message);
    else await queueMailForRetryLoop(tx, message);
    logger.info({ entryId: entry.id, kind, itemId }, 'waiting list offer made');
  }
  return next.length;
}

/**
 * The signal's subscriber: the freed items that someone waits for get their offers, each item in a
 * transaction of its own, in id order (as holds and refunds take their item locks, so two of these cannot
 * lock items crosswise). One query when nobody waits for any of them.
 */
export async function offerFreedUnits(db: Db, changes: InventoryChange[]): Promise<void> {
  const freed = changes.filter((c) => c.freed);
  if (freed.length === 0) return;
  const waitedFor = await db
    .selectDistinct({ kind: waitingListEntries.kind, itemId: waitingListEntries.itemId })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.status, 'waiting'),
        sql`(${waitingListEntries.kind}, ${waitingListEntries.itemId}) in (${sql.join(
          freed.map((c) => sql`(${c.kind}::text, ${c.itemId}::integer)`),
          sql`, `,
        )})`,
      ),
    );
  if (waitedFor.length === 0) return;
  waitedFor.sort((a, b) => a.kind.localeCompare(b.kind) || a.itemId - b.itemId);
  const mail = new PendingMail();
  for (const item of waitedFor) {
    await db.transaction((tx) => offerNext(tx, item.kind, item.itemId, mail));
  }
  await mail.send(db);
}

/** The refusals of an offer named by an order or registration (reason `offer_invalid`, docs/waiting-lists.md). */
const offerNotYours = () =>
  new AppError('conflict', 'This offer is not yours or is no longer valid.', { reason: 'offer_invalid' });
const offerUsedUp = () =>
  new AppError('conflict', 'This offer has expired or was already used.', { reason: 'offer_invalid' });

/**
 * Lets an order or a free registration take over the caller's standing offer for the item: the offer's
 * hold becomes the order's (held at least as long as an order's hold, for the payment), or, without an
 * order, a registration made in this transaction (converted). Refuses anything but the caller's live offer
 * for exactly this item.
 */
export async function takeOverOffer(
  tx: Tx,
  input: { offerId: string; userId: string; kind: InventoryKind; itemId: number; orderId: string | null },
): Promise<void> {
  const [entry] = await tx
    .select()
    .from(waitingListEntries)
    .where(eq(waitingListEntries.id, input.offerId))
    .for('update');
  if (!entry || entry.userId !== input.userId || entry.kind !== input.kind || entry.itemId !== input.itemId) {
    throw offerNotYours();
  }
  // Taken before by an order never paid: a new order of the caller's may take it again (not a free one).
  const retaken = input.orderId ? await unpaidTakeOver(tx, entry) : null;
  if (!retaken && !isUntakenOffer(entry)) throw offerUsedUp();
  const minimum = new Date(now().getTime() + holdMinutes * 60_000);
  const offerEnds = entry.offerExpiresAt!;
  const held = await tx
    .update(stockHolds)
    .set(
      input.orderId
        ? { paymentOrderId: input.orderId, expiresAt: offerEnds > minimum ? offerEnds : minimum }
        : { convertedAt: now() },
    )
    .where(
      retaken
        ? eq(stockHolds.id, retaken)
        : and(eq(stockHolds.waitingEntryId, entry.id), isNull(stockHolds.paymentOrderId), openHold()),
    )
    .returning({ id: stockHolds.id });
  if (held.length === 0) throw offerNotYours();
  await tx
    .update(waitingListEntries)
    .set({ status: 'accepted', endedAt: now() })
    .where(eq(waitingListEntries.id, entry.id));
}

/**
 * The item a standing offer of the caller's is for (checked again, locked, when the order takes it over):
 * lets an order's early "sold out" glance count the offer's unit as the caller's.
 */
export async function offeredItem(
  db: Db,
  offerId: string,
  userId: string,
  kind: InventoryKind,
): Promise<number> {
  const [entry] = await db.select().from(waitingListEntries).where(eq(waitingListEntries.id, offerId));
  if (!entry || entry.userId !== userId || entry.kind !== kind) throw offerNotYours();
  if (!(await offerStands(db, entry))) throw offerUsedUp();
  return entry.itemId;
}

/** Offers past their expiry: lapsed, their hold given back and passed to the next in line. */
async function lapseOffers(db: Db, mail: PendingMail): Promise<number> {
  const due = await db
    .select({ id: waitingListEntries.id, kind: waitingListEntries.kind, itemId: waitingListEntries.itemId })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.status, 'offered'), lte(waitingListEntries.offerExpiresAt, now())))
    .limit(100);
  let lapsed = 0;
  for (const offer of due) {
    lapsed += await db.transaction(async (tx) => {
      await lockedUnitsLeft(tx, offer.kind, offer.itemId, undefined, { forOffers: true }).catch(() => null);
      const [entry] = await tx
        .update(waitingListEntries)
        .set({ status: 'lapsed', endedAt: now() })
        .where(
          and(
            eq(waitingListEntries.id, offer.id),
            eq(waitingListEntries.status, 'offered'),
            lte(waitingListEntries.offerExpiresAt, now()),
          ),
        )
        .returning({ id: waitingListEntries.id });
      if (!entry) return 0; // another run or the person got there first
      await releaseOfferHold(tx, offer.id);
      await offerNext(tx, offer.kind, offer.itemId, mail);
      return 1;
    });
  }
  return lapsed;
}

/**
 * The sweep (timer loop, /api/cron/waiting-lists): lapses expired offers, then offers every unit free in
 * an item someone waits for (a hold whose time ran out frees its unit without any write to signal it).
 * Safe with several instances at once: each item's offers are made under its row lock.
 */
export async function makeOffers(db: Db): Promise<{ lapsed: number; offered: number }> {
  const mail = new PendingMail();
  const lapsed = await lapseOffers(db, mail);
  const items = await db
    .selectDistinct({ kind: waitingListEntries.kind, itemId: waitingListEntries.itemId })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.status, 'waiting'));
  let offered = 0;
  for (const item of items) {
    offered += await db.transaction((tx) => offerNext(tx, item.kind, item.itemId, mail));
  }
  await mail.send(db);
  if (lapsed + offered > 0) logger.info({ lapsed, offered }, 'waiting lists: offers made');
  return { lapsed, offered };
}
