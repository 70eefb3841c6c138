import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { queryRows } from '@/lib/server/db/client';
import { stockHolds } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';
import { adapters, inventoryKinds, type InventoryKind } from './kinds';

/*
 * The one rule for what is left of an item, and the one rule for an active hold, as the app calls them.
 * Both are SQL functions (drizzle/0013_inventory.sql) that the commit-time check of a hold calls too:
 *
 *   left = limit - given for good (sold, booked, confirmed registrations) - units of active holds
 *          - people waiting in its list
 *
 * A hold is active until it is released, converted into a sale, or its time is up. Read without the
 * item's lock, what is left is a glance, good for showing and for refusing early; only the count under the
 * lock (lockedUnitsLeft, or the check at commit) decides.
 */

const atNow = () => sql`${now().toISOString()}::timestamptz`;

/** The active holds among stock_holds' rows, as a condition (by the app's clock). */
export function activeHold(): SQL {
  return sql`inventory_hold_active(${stockHolds.releasedAt}, ${stockHolds.convertedAt}, ${stockHolds.expiresAt}, ${atNow()})`;
}

/**
 * The holds no write has ended yet (neither released nor converted), whatever their time: what the
 * transitions release or convert. An open hold past its time is no longer active, and counts for nothing.
 */
export function openHold(): SQL {
  return sql`(${stockHolds.releasedAt} is null and ${stockHolds.convertedAt} is null)`;
}

interface LeftOptions {
  /** This order's holds count as left (its own units, when it converts them). */
  exceptOrderId?: string;
  /** This account's unpaid orders' holds count as left (its next order replaces them). */
  exceptUserId?: string;
  /** False: the waiting list's own count of what it may offer (the people waiting are who it offers to). */
  countWaiting?: boolean;
}

/** What is left of one item (its id as SQL, e.g. the outer query's column, or a number); null: unlimited. */
function unitsLeftSql(kind: InventoryKind, itemId: SQL | number, options: LeftOptions = {}): SQL {
  return sql`inventory_units_left(${kind}::text, ${itemId}::integer, ${atNow()},
    ${options.exceptOrderId ?? null}::uuid, ${options.exceptUserId ?? null}::uuid,
    ${options.countWaiting ?? true}::boolean)`;
}

/** A count of what is left as shown: never below 0, null (unlimited) kept (greatest() would drop it). */
function notBelowZero(left: SQL): SQL {
  return sql`(select case when l is null then null else greatest(l, 0) end from (select ${left} as l) as units)`;
}

/**
 * What is left of an item, as a column for a select from its own table, never below 0 (null: unlimited);
 * for a buyer, their own unpaid holds count as left.
 */
export const unitsLeftColumn = Object.fromEntries(
  inventoryKinds.map((kind) => [
    kind,
    (forUserId?: string) =>
      sql<
        number | null
      >`${notBelowZero(unitsLeftSql(kind, adapters[kind].idColumn, { exceptUserId: forUserId }))}`,
  ]),
) as Record<InventoryKind, (forUserId?: string) => SQL<number | null>>;

/** What is left of some items now, by id (null: unlimited), read without their locks: a glance. */
export async function unitsLeft(
  db: Db | Tx,
  kind: InventoryKind,
  itemIds: number[],
  forUserId?: string,
): Promise<Map<number, number | null>> {
  if (itemIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; left: number | null }>(
    db,
    sql`select id, ${notBelowZero(unitsLeftSql(kind, sql`id`, { exceptUserId: forUserId }))} as left
      from unnest(${`{${itemIds.join(',')}}`}::int[]) as id`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.left === null ? null : Number(r.left)]));
}

/** Units in active holds per item, optionally without one order's (the console's "held" figure). */
export async function heldUnits(
  db: Db | Tx,
  kind: InventoryKind,
  itemIds: number[],
  exceptOrderId?: string,
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: stockHolds.itemId, held: sql<number>`cast(sum(${stockHolds.quantity}) as int)` })
    .from(stockHolds)
    .where(
      and(
        eq(stockHolds.kind, kind),
        inArray(stockHolds.itemId, itemIds),
        activeHold(),
        // An offer's hold has no order: "is distinct from" counts it (a null "<>" would drop it).
        exceptOrderId ? sql`${stockHolds.paymentOrderId} is distinct from ${exceptOrderId}` : undefined,
      ),
    )
    .groupBy(stockHolds.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.held)]));
}

/** Refuses `quantity` units of an item when only `left` are: sold out or full, or how many are left. */
export function assertUnitsLeft(left: number, quantity: number, label: string, kind: InventoryKind): void {
  if (left >= quantity) return;
  throw adapters[kind].tooFew(left, label);
}

/**
 * Locks an item's row until the commit and answers what is left of it, counted after the lock was granted
 * (so it sees every registration, sale, hold and waiting entry committed before, and nobody can add one
 * until this commit); null for an unlimited item. 409 'gone' for an item that no longer exists.
 */
export async function lockedUnitsLeft(
  tx: Tx,
  kind: InventoryKind,
  itemId: number,
  exceptOrderId?: string,
  options: { forOffers?: boolean } = {},
): Promise<number | null> {
  const [lock] = await queryRows<{ found: boolean }>(tx, lockItemSql(kind, itemId));
  if (!lock?.found) throw new AppError('gone', 'This item no longer exists.');
  // A statement of its own: one that had waited for the lock would count from before the wait.
  const [row] = await queryRows<{ left: number | null }>(
    tx,
    sql`select ${unitsLeftSql(kind, itemId, { exceptOrderId, countWaiting: !options.forOffers })} as left`,
  );
  return row?.left === null || row?.left === undefined ? null : Number(row.left);
}

/** The statement that locks an item (for a caller sending it behind others, see holdStock). */
export function lockItemSql(kind: InventoryKind, itemId: number): SQL {
  return sql`select inventory_lock_item(${kind}::text, ${itemId}::integer) as found`;
}

/** What is left of one item as `units_left`, in SQL (for a statement that holds only when room is left). */
export function unitsLeftRow(kind: InventoryKind, itemId: number): SQL {
  return sql`select ${unitsLeftSql(kind, itemId)} as units_left`;
}

/**
 * Units an item has given for good or holds now, as a column for a select from its own table: the
 * console's "taken" beside a limit (whatever the limit, unlimited included).
 */
export function unitsTakenColumn(kind: InventoryKind): SQL<number> {
  const id = adapters[kind].idColumn;
  return sql<number>`((select i.taken from inventory_items i where i.kind = ${kind}::text and i.item_id = ${id})
    + (select coalesce(sum(${stockHolds.quantity}), 0) from ${stockHolds}
       where ${stockHolds.kind} = ${kind} and ${stockHolds.itemId} = ${id} and ${activeHold()}))::int`;
}
