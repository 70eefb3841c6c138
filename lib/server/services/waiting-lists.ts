import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db';
import { queryRows } from '@/lib/server/db/client';
import { stockHolds, users, waitingListEntries } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';
import {
  adapters,
  heldUnits,
  inventoryChanged,
  inventoryKinds,
  itemInfo,
  lockedUnitsLeft,
  offerLink,
  releaseOfferHold,
  unpaidTakeOver,
  type InventoryKind,
  type WaitingEntry,
} from '@/lib/server/inventory';
import type { ListedEntry, MyWaitingEntry, WaitingListItem } from '@/lib/schemas/waiting-lists';

/*
 * Waiting lists of full items, as their people and organisers see them (docs/waiting-lists.md): the
 * caller's entries, leaving a list, and the console's reads. Offers themselves are the inventory's
 * (lib/server/inventory/offers.ts): a unit freed while anyone waits is theirs first.
 */

/** Place in line of waiting entries: 1 = next to be offered (offered entries are ahead of everyone). */
export async function positions(db: Db, entries: WaitingEntry[]): Promise<Map<string, number>> {
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

/** DELETE /api/waiting-lists/{id}: leaves the list at any time; a standing offer passes to the next. */
export async function leaveWaitingList(db: Db, caller: AuthUser, entryId: string): Promise<void> {
  const [seen] = await db.select().from(waitingListEntries).where(eq(waitingListEntries.id, entryId));
  if (!seen || seen.userId !== caller.id)
    throw new AppError('not_found', 'This waiting list entry does not exist.');
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
      inventoryChanged(tx, entry.kind, entry.itemId);
    } else if (entry.status === 'offered') {
      await releaseOfferHold(tx, entryId);
      inventoryChanged(tx, entry.kind, entry.itemId);
    }
  });
}

/** The organisers' view of an item's list: every entry in order of joining, live ones first. */
export async function listWaitingList(
  db: Db,
  kind: InventoryKind,
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
  kind?: InventoryKind,
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
export async function liveEntriesByItem(db: Db, kind: InventoryKind): Promise<Record<number, LiveCounts>> {
  const counts = await liveEntryCounts(db, kind);
  return Object.fromEntries([...counts].map(([key, value]) => [Number(key.split(':')[1]), value]));
}

/** Items of one kind with their figures, holds and live counts, in the order of `ids`. */
async function itemsOfKind(
  db: Db,
  kind: InventoryKind,
  ids: number[],
  counts: Map<string, LiveCounts>,
): Promise<WaitingListItem[]> {
  const [figures, held] = await Promise.all([adapters[kind].figures(db, ids), heldUnits(db, kind, ids)]);
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
  const idsByKind = new Map<InventoryKind, number[]>(inventoryKinds.map((kind) => [kind, []]));
  for (const key of counts.keys()) {
    const [kind, itemId] = key.split(':') as [InventoryKind, string];
    idsByKind.get(kind)?.push(Number(itemId));
  }
  const lists = await Promise.all(
    inventoryKinds.map((kind) => itemsOfKind(db, kind, idsByKind.get(kind) ?? [], counts)),
  );
  return lists.flatMap((items) => items.sort((a, b) => a.label.localeCompare(b.label)));
}

/** One item's figures for its list page (whoever waits or not); 404 for an unknown item. */
export async function waitingListItem(db: Db, kind: InventoryKind, itemId: number): Promise<WaitingListItem> {
  const counts = await liveEntryCounts(db, kind, itemId);
  const [item] = await itemsOfKind(db, kind, [itemId], counts);
  if (!item) {
    await itemInfo(db, kind, itemId); // throws its 404
    throw new AppError('not_found', 'This item does not exist.');
  }
  return item;
}
