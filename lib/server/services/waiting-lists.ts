import 'server-only';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AuthUser } from '@/lib/server/auth/session';
import type { Db, Tx } from '@/lib/server/db';
import { queryRows } from '@/lib/server/db/client';
import {
  accommodationOptions,
  accommodationTypes,
  events,
  festivalConfig,
  merchandiseProducts,
  merchandiseVariants,
  participationOptions,
  paymentOrders,
  registrations,
  stockHolds,
  users,
  waitingListEntries,
} from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { PendingMail, queueMailForRetryLoop } from '@/lib/server/mail/mail-service';
import { offerMail } from '@/lib/server/mail/waiting-list-mails';
import { heldUnits, holdMinutes, lockedUnitsLeft, type StockKind } from './stock';
import type { ListedEntry, MyWaitingEntry, WaitingListItem } from '@/lib/schemas/waiting-lists';

/*
 * Waiting lists of full items (docs/waiting-lists.md). People join a full item's list in order; a unit
 * freed while anyone waits is theirs first: what is left to a plain buyer is reduced by the people waiting
 * (stock.ts, waitingPeople), so nobody can take it meanwhile. The first in line gets an offer: the unit is
 * held for them (a stock_holds row tied to the entry, no order yet) until the offer expires, with a mail
 * whose link leads to paying or registering. An order or registration naming the offer takes its hold
 * over; an unused offer lapses and passes to the next. Offers are made under the item's row lock, so
 * several instances making offers at once queue on it and never offer one freed unit twice.
 */

export type WaitingEntry = typeof waitingListEntries.$inferSelect;
export const waitingKinds = ['participation_option', 'merchandise_variant', 'accommodation_option'] as const;

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

/** What an item is called and where its offer's link leads (paths the existing screens serve). */
export interface ItemInfo {
  label: string;
  /** The screen's path without the offer: /event/{categoryId}/register, /merchandise, /accomodation. */
  path: string;
  /** For a participation option: its event and team size. */
  eventId?: number;
  isTeam?: boolean;
  /** False for a size switched off or a product, stay type or date option hidden: nobody can join. */
  onSale: boolean;
}

export async function itemInfo(db: Db | Tx, kind: StockKind, itemId: number): Promise<ItemInfo> {
  if (kind === 'participation_option') {
    const [row] = await db
      .select({
        option: participationOptions.participationName,
        min: participationOptions.minRange,
        max: participationOptions.maxRange,
        event: events.name,
        eventId: events.id,
        categoryId: events.categoryId,
      })
      .from(participationOptions)
      .innerJoin(events, eq(events.id, participationOptions.eventId))
      .where(eq(participationOptions.id, itemId));
    if (!row) throw new AppError('not_found', 'This way of taking part does not exist.');
    return {
      label: `${row.option} for ${row.event}`,
      path: `/event/${row.categoryId}/register`,
      eventId: row.eventId,
      isTeam: row.min !== row.max,
      onSale: true, // registration being open is checked by the gate
    };
  }
  if (kind === 'merchandise_variant') {
    const [row] = await db
      .select({
        size: merchandiseVariants.type,
        product: merchandiseProducts.name,
        onSale: sql<boolean>`${merchandiseVariants.isEnabled} and ${merchandiseProducts.isVisible}`,
      })
      .from(merchandiseVariants)
      .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
      .where(eq(merchandiseVariants.id, itemId));
    if (!row) throw new AppError('not_found', 'This size does not exist.');
    return { label: `${row.product}, size ${row.size}`, path: '/merchandise', onSale: row.onSale };
  }
  const [row] = await db
    .select({
      type: accommodationTypes.accommodationType,
      start: accommodationOptions.startDate,
      onSale: sql<boolean>`${accommodationTypes.isVisible} and ${accommodationOptions.isVisible}`,
    })
    .from(accommodationOptions)
    .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
    .where(eq(accommodationOptions.id, itemId));
  if (!row) throw new AppError('not_found', 'This stay does not exist.');
  return { label: `${row.type} from ${row.start}`, path: '/accomodation', onSale: row.onSale };
}

export function offerLink(info: ItemInfo, entryId: string): string {
  return `${env().SITE_URL.replace(/\/$/, '')}${info.path}?offer=${entryId}`;
}

/** Place in line of waiting entries: 1 = next to be offered (offered entries are ahead of everyone). */
export async function positions(db: Db | Tx, entries: WaitingEntry[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const entry of entries.filter((e) => e.status === 'waiting')) {
    const [row] = await queryRows<{ ahead: number }>(
      db,
      sql`select count(*)::int as ahead from ${waitingListEntries}
        where ${waitingListEntries.kind} = ${entry.kind} and ${waitingListEntries.itemId} = ${entry.itemId}
          and ${waitingListEntries.status} = 'waiting'
          and (${waitingListEntries.createdAt}, ${waitingListEntries.id}) < (${entry.createdAt.toISOString()}::timestamptz, ${entry.id}::uuid)`,
    );
    result.set(entry.id, Number(row?.ahead ?? 0) + 1);
  }
  return result;
}

/** GET /api/waiting-lists: the caller's live entries with their positions, for the profile. */
export async function myWaitingLists(db: Db, userId: string): Promise<MyWaitingEntry[]> {
  const rows = await db
    .select()
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.userId, userId),
        sql`(${waitingListEntries.status} in ('waiting', 'offered') or (${waitingListEntries.status} = 'accepted' and ${waitingListEntries.offerExpiresAt} > ${now().toISOString()}::timestamptz))`,
      ),
    )
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id));
  // A taken offer whose order was never paid is shown as the standing offer it still is.
  const entries: WaitingEntry[] = [];
  for (const row of rows) {
    if (row.status !== 'accepted') entries.push(row);
    else if (await unpaidTakeOver(db, row)) entries.push({ ...row, status: 'offered' });
  }
  const places = await positions(db, entries);
  return Promise.all(
    entries.map(async (e) => {
      const info = await itemInfo(db, e.kind, e.itemId).catch(() => ({
        label: 'A removed item',
        path: '/',
        onSale: false,
      }));
      return {
        id: e.id,
        kind: e.kind,
        itemId: e.itemId,
        label: info.label,
        status: e.status as 'waiting' | 'offered',
        position: places.get(e.id) ?? null,
        teamName: e.teamName,
        emails: e.emails,
        joinedAt: e.createdAt.toISOString(),
        offerExpiresAt: e.offerExpiresAt?.toISOString() ?? null,
        offerUrl: e.status === 'offered' ? offerLink(info, e.id) : null,
      };
    }),
  );
}

/** Gives back an offer's hold while no order has taken it over. */
async function releaseOfferHold(tx: Tx, entryId: string): Promise<void> {
  await tx
    .update(stockHolds)
    .set({ releasedAt: now() })
    .where(
      and(
        eq(stockHolds.waitingEntryId, entryId),
        isNull(stockHolds.paymentOrderId),
        isNull(stockHolds.releasedAt),
        isNull(stockHolds.convertedAt),
      ),
    );
}

/**
 * An offer an order took over but that was never paid (the buyer closed the checkout, or it failed) still
 * stands for them until the offer's time is up: its hold is on that unpaid order, and the next order may
 * take it over again (replaceAccountHolds spares it). Answers that hold's id, or null.
 */
async function unpaidTakeOver(db: Db | Tx, entry: WaitingEntry): Promise<string | null> {
  if (entry.status !== 'accepted' || !entry.offerExpiresAt || entry.offerExpiresAt <= now()) return null;
  const [hold] = await db
    .select({ id: stockHolds.id })
    .from(stockHolds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, stockHolds.paymentOrderId))
    .where(
      and(
        eq(stockHolds.waitingEntryId, entry.id),
        isNull(stockHolds.releasedAt),
        isNull(stockHolds.convertedAt),
        gt(stockHolds.expiresAt, now()),
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

/** DELETE /api/waiting-lists/{id}: leaves the list at any time; a standing offer passes to the next. */
export async function leaveWaitingList(db: Db, caller: AuthUser, entryId: string): Promise<void> {
  const [seen] = await db.select().from(waitingListEntries).where(eq(waitingListEntries.id, entryId));
  if (!seen || seen.userId !== caller.id)
    throw new AppError('not_found', 'This waiting list entry does not exist.');
  const mail = new PendingMail();
  await db.transaction(async (tx) => {
    // The item first, then the entry: the order offers lock them in, so the two cannot deadlock.
    if (seen.status !== 'waiting')
      await lockedUnitsLeft(tx, seen.kind, seen.itemId, undefined, { forOffers: true });
    const [entry] = await tx
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.id, entryId))
      .for('update');
    const takenOver = entry ? await unpaidTakeOver(tx, entry) : null;
    if (!entry || (!['waiting', 'offered'].includes(entry.status) && !takenOver)) {
      throw new AppError('conflict', 'You are no longer on this waiting list.');
    }
    if (entry.status === 'offered' && seen.status !== 'offered') {
      throw new AppError('conflict', 'Your place was just offered to you; please try again.');
    }
    await tx
      .update(waitingListEntries)
      .set({ status: 'left', endedAt: now() })
      .where(eq(waitingListEntries.id, entryId));
    if (takenOver) {
      // Given up before paying: the unpaid order keeps nothing (paid after all, it is refunded).
      await tx.update(stockHolds).set({ releasedAt: now() }).where(eq(stockHolds.id, takenOver));
      await offerNext(tx, entry.kind, entry.itemId, mail);
    } else if (entry.status === 'offered') {
      await releaseOfferHold(tx, entryId);
      await offerNext(tx, entry.kind, entry.itemId, mail);
    }
  });
  await mail.send(db);
}

/** Whether an option's registration is free (no price): its offer then leads to registering. */
async function isFreeOption(tx: Tx, kind: StockKind, itemId: number): Promise<boolean> {
  if (kind !== 'participation_option') return false;
  const [row] = await tx
    .select({ price: participationOptions.price })
    .from(participationOptions)
    .where(eq(participationOptions.id, itemId));
  return (row?.price ?? 0) <= 0;
}

/**
 * Offers the item's free units to the first people waiting, in order of joining, under the item's lock;
 * answers how many offers were made. `mail` collects the offer mails to send after the commit; without
 * it they are queued for the retry loop.
 */
export async function offerNext(
  tx: Tx,
  kind: StockKind,
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
  if (kind === 'merchandise_variant') {
    const [variant] = await tx
      .select({ enabled: merchandiseVariants.isEnabled })
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.id, itemId));
    if (!variant?.enabled) return 0; // a size switched off is not offered
  }
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
  const info = await itemInfo(tx, kind, itemId);
  const isFree = await isFreeOption(tx, kind, itemId);
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
 * Called where a unit was freed, in the freeing transaction (places.ts placeFreed, released holds, a
 * stock raised): offers it at once when someone waits. Without anyone waiting it locks nothing.
 */
export async function unitsFreed(tx: Tx, kind: StockKind, itemId: number): Promise<void> {
  const [someone] = await tx
    .select({ id: waitingListEntries.id })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.kind, kind),
        eq(waitingListEntries.itemId, itemId),
        eq(waitingListEntries.status, 'waiting'),
      ),
    )
    .limit(1);
  if (someone) await offerNext(tx, kind, itemId);
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
  input: { offerId: string; userId: string; kind: StockKind; itemId: number; orderId: string | null },
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
        : and(
            eq(stockHolds.waitingEntryId, entry.id),
            isNull(stockHolds.paymentOrderId),
            isNull(stockHolds.releasedAt),
            isNull(stockHolds.convertedAt),
          ),
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
export async function offeredItem(db: Db, offerId: string, userId: string, kind: StockKind): Promise<number> {
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
 * The job (timer loop, /api/cron/waiting-lists): lapses expired offers, then offers every unit free in
 * an item someone waits for (a hold that lapsed unpaid frees its unit without any write to announce it).
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

/** Runs makeOffers after a commit that may have freed units; never throws (the loop catches up). */
export async function makeOffersSoon(db: Db): Promise<void> {
  await makeOffers(db).catch((error: unknown) =>
    logger.warn({ err: error }, 'making waiting list offers failed'),
  );
}

/** The organisers' view of an item's list: every entry in order of joining, live ones first. */
export async function listWaitingList(
  db: Db,
  kind: StockKind,
  itemId: number,
): Promise<{ label: string; entries: ListedEntry[] }> {
  const info = await itemInfo(db, kind, itemId);
  const rows = await db
    .select({
      entry: waitingListEntries,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(waitingListEntries)
    .innerJoin(users, eq(users.id, waitingListEntries.userId))
    .where(and(eq(waitingListEntries.kind, kind), eq(waitingListEntries.itemId, itemId)))
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id));
  let position = 0;
  const entries = rows.map(({ entry, email, firstName, lastName }) => ({
    id: entry.id,
    position: entry.status === 'waiting' ? ++position : null,
    status: entry.status,
    email,
    name: `${firstName} ${lastName}`.trim(),
    teamName: entry.teamName,
    emails: entry.emails,
    joinedAt: entry.createdAt.toISOString(),
    offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
  }));
  return { label: info.label, entries };
}

/*
 * The console's reads beside the lists themselves: which items people wait for, with each item's limit,
 * stock or capacity and what is taken of it, so the organisers see where raising a limit would help.
 */

type LiveCounts = { waiting: number; offered: number };

/** Waiting people and standing offers per item (of a kind, or one item), keyed `{kind}:{itemId}`. */
export async function liveEntryCounts(
  db: Db,
  kind?: StockKind,
  itemId?: number,
): Promise<Map<string, LiveCounts>> {
  const rows = await db
    .select({
      kind: waitingListEntries.kind,
      itemId: waitingListEntries.itemId,
      waiting: sql<number>`cast(count(*) filter (where ${waitingListEntries.status} = 'waiting') as int)`,
      offered: sql<number>`cast(count(*) filter (where ${waitingListEntries.status} = 'offered') as int)`,
    })
    .from(waitingListEntries)
    .where(
      and(
        inArray(waitingListEntries.status, ['waiting', 'offered']),
        kind ? eq(waitingListEntries.kind, kind) : undefined,
        itemId === undefined ? undefined : eq(waitingListEntries.itemId, itemId),
      ),
    )
    .groupBy(waitingListEntries.kind, waitingListEntries.itemId);
  return new Map(
    rows.map((r) => [`${r.kind}:${r.itemId}`, { waiting: Number(r.waiting), offered: Number(r.offered) }]),
  );
}

/** For the links from the events, merchandise and accommodation consoles: live entries per item id. */
export async function liveEntriesByItem(db: Db, kind: StockKind): Promise<Record<number, LiveCounts>> {
  const counts = await liveEntryCounts(db, kind);
  return Object.fromEntries([...counts].map(([key, value]) => [Number(key.split(':')[1]), value]));
}

type ItemFigures = Pick<WaitingListItem, 'label' | 'limit' | 'taken' | 'onSale' | 'eventId'>;

/** Label, limit (stock, capacity) and units taken of some items of one kind; removed ones are absent. */
async function itemFigures(db: Db, kind: StockKind, ids: number[]): Promise<Map<number, ItemFigures>> {
  if (ids.length === 0) return new Map();
  if (kind === 'participation_option') {
    const rows = await db
      .select({
        id: participationOptions.id,
        option: participationOptions.participationName,
        event: events.name,
        eventId: events.id,
        limit: participationOptions.placeLimit,
        open: events.isRegistrationOpen,
        taken: sql<number>`(select count(*) from ${registrations}
          where ${registrations.participationId} = ${participationOptions.id}
            and ${registrations.status} = 'confirmed')::int`,
      })
      .from(participationOptions)
      .innerJoin(events, eq(events.id, participationOptions.eventId))
      .where(inArray(participationOptions.id, ids));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          label: `${r.option} for ${r.event}`,
          limit: r.limit,
          taken: Number(r.taken),
          onSale: r.open,
          eventId: r.eventId,
        },
      ]),
    );
  }
  if (kind === 'merchandise_variant') {
    const rows = await db
      .select({
        id: merchandiseVariants.id,
        size: merchandiseVariants.type,
        product: merchandiseProducts.name,
        limit: merchandiseVariants.stock,
        taken: merchandiseVariants.sold,
        onSale: sql<boolean>`${merchandiseVariants.isEnabled} and ${merchandiseProducts.isVisible}`,
      })
      .from(merchandiseVariants)
      .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
      .where(inArray(merchandiseVariants.id, ids));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          label: `${r.product}, size ${r.size}`,
          limit: r.limit,
          taken: r.taken,
          onSale: r.onSale,
          eventId: null,
        },
      ]),
    );
  }
  const rows = await db
    .select({
      id: accommodationOptions.id,
      type: accommodationTypes.accommodationType,
      start: accommodationOptions.startDate,
      limit: accommodationOptions.capacity,
      taken: accommodationOptions.booked,
      onSale: sql<boolean>`${accommodationTypes.isVisible} and ${accommodationOptions.isVisible}`,
    })
    .from(accommodationOptions)
    .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
    .where(inArray(accommodationOptions.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { label: `${r.type} from ${r.start}`, limit: r.limit, taken: r.taken, onSale: r.onSale, eventId: null },
    ]),
  );
}

/** Items of one kind with their figures, holds and live counts, in the order of `ids`. */
async function itemsOfKind(
  db: Db,
  kind: StockKind,
  ids: number[],
  counts: Map<string, LiveCounts>,
): Promise<WaitingListItem[]> {
  const [figures, held] = await Promise.all([itemFigures(db, kind, ids), heldUnits(db, kind, ids)]);
  return ids.flatMap((itemId) => {
    const item = figures.get(itemId);
    if (!item) return []; // removed since: nothing to offer, nothing to raise
    const live = counts.get(`${kind}:${itemId}`) ?? { waiting: 0, offered: 0 };
    return [{ kind, itemId, ...item, ...live, held: held.get(itemId) ?? 0 }];
  });
}

/**
 * GET /api/admin/waiting-lists (no query): every item with someone waiting or offered, events' options
 * first, then sizes, then stays, each by label.
 */
export async function waitingListItems(db: Db): Promise<WaitingListItem[]> {
  const counts = await liveEntryCounts(db);
  const idsByKind = new Map<StockKind, number[]>(waitingKinds.map((kind) => [kind, []]));
  for (const key of counts.keys()) {
    const [kind, itemId] = key.split(':') as [StockKind, string];
    idsByKind.get(kind)?.push(Number(itemId));
  }
  const lists = await Promise.all(
    waitingKinds.map((kind) => itemsOfKind(db, kind, idsByKind.get(kind) ?? [], counts)),
  );
  return lists.flatMap((items) => items.sort((a, b) => a.label.localeCompare(b.label)));
}

/** One item's figures for its list page (whoever waits or not); 404 for an unknown item. */
export async function waitingListItem(db: Db, kind: StockKind, itemId: number): Promise<WaitingListItem> {
  const counts = await liveEntryCounts(db, kind, itemId);
  const [item] = await itemsOfKind(db, kind, [itemId], counts);
  if (!item) {
    await itemInfo(db, kind, itemId); // throws its 404
    throw new AppError('not_found', 'This item does not exist.');
  }
  return item;
}
