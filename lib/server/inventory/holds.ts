import 'server-only';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { pgErrorDetail, pipelined, queryRows } from '@/lib/server/db/client';
import { paymentOrders, stockHolds, users } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';
import { CannotDeliver } from '@/lib/server/payments/cannot-deliver';
import { adapters, type InventoryKind } from './kinds';
import { holdMinutes } from './hold-time';
import { assertUnitsLeft, lockItemSql, lockedUnitsLeft, openHold, unitsLeftRow } from './rule';
import { inventoryChanged } from './signal';

/*
 * Holds, as named transitions of a stock_holds row. Each one that changes what is left says so through
 * the inventory's signal (signal.ts), so the waiting lists and the pages hear of it after the commit.
 *
 *   hold     an order reserves units until the hold expires (holdStock; a waiting list's offer is one too)
 *   convert  a paid order's holds become sales (convertHolds)
 *   release  an order's holds are given back: failed, refunded, replaced by a newer order (releaseHolds,
 *            replaceAccountHolds)
 *   expire   no write at all: the hold's time passes; the waiting lists' job finds it (expiredBetween)
 */

/** What a transaction's holds were for, so that a refusal at its commit can name the item in words. */
const holdsOfTransaction = new WeakMap<Tx, Map<string, string>>();
const holdKey = (kind: string, itemId: number) => `${kind}:${itemId}`;

/**
 * A transaction that may hold stock (holdStock). A hold of a size or a stay is checked when the transaction
 * commits (drizzle/0013_inventory.sql, check_stock_hold): a refusal there undoes the whole transaction and
 * is answered as the 409 the buyer is shown ("Size M is sold out.", "Only 2 left of …").
 */
export async function transactionWithHolds<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const labels = new Map<string, string>();
  try {
    return await db.transaction(async (tx) => {
      holdsOfTransaction.set(tx, labels);
      return work(tx);
    });
  } catch (error) {
    throw holdRefusal(error, labels) ?? error;
  }
}

/**
 * The commit's refusal of a hold (SQLSTATE ST409, its detail naming the item and what was left for the
 * hold, null when the item is gone or switched off) in words.
 */
function holdRefusal(error: unknown, labels: Map<string, string>): AppError | null {
  const detail = pgErrorDetail(error, 'ST409');
  if (detail === undefined) return null;
  const refused = JSON.parse(detail) as { kind: InventoryKind; itemId: number; left: number | null };
  const label = labels.get(holdKey(refused.kind, refused.itemId)) ?? 'This item';
  if (refused.left === null) return new AppError('conflict', `${label} is not available.`);
  return adapters[refused.kind].tooFew(refused.left, label);
}

/**
 * hold: reserves `quantity` units for an order until the hold expires; refuses when fewer are left. An
 * unlimited participation option is locked (a limit set meanwhile waits for this order) but not held.
 *
 * Every buyer of an item queues on its row lock, so the lock must be held as briefly as can be. A size or
 * a stay is held by writing the hold alone: the item's lock is taken, and what is left counted, when the
 * transaction commits, inside PostgreSQL (see transactionWithHolds), so it is held for microseconds, never
 * for a round trip to this process. The buyer's screen has already refused what was seen sold out.
 *
 * A participation option's limit may be none and may be set at any moment, and what it has given is
 * counted from registrations, so its hold is still decided under its lock here: the lock and the hold go
 * to the database together, first the lock, then, as a statement of its own (so that it sees every hold
 * committed before the lock was granted), the count and the insert when there is room. A refusal throws,
 * and the caller's transaction rolls back whatever was written.
 */
export async function holdStock(
  tx: Tx,
  input: { orderId: string; kind: InventoryKind; itemId: number; quantity: number; label: string },
): Promise<void> {
  const madeAt = now();
  const expiresAt = new Date(madeAt.getTime() + holdMinutes * 60_000);
  inventoryChanged(tx, input.kind, input.itemId, 'taken');
  if (input.kind !== 'participation_option') {
    const labels = holdsOfTransaction.get(tx);
    if (!labels) throw new Error('holdStock needs a transaction opened by transactionWithHolds');
    labels.set(holdKey(input.kind, input.itemId), input.label);
    await tx.insert(stockHolds).values({
      paymentOrderId: input.orderId,
      kind: input.kind,
      itemId: input.itemId,
      quantity: input.quantity,
      expiresAt,
      // The check at the commit counts the holds active at this moment, by the app's clock.
      createdAt: madeAt,
    });
    return;
  }
  const [[lock], [room]] = await Promise.all([
    queryRows<{ found: boolean }>(tx, lockItemSql(input.kind, input.itemId)),
    queryRows<{ units_left: number | null; added: number }>(
      tx,
      sql`with room as (${unitsLeftRow(input.kind, input.itemId)}),
          added as (
            insert into ${stockHolds} (payment_order_id, kind, item_id, quantity, expires_at)
            select ${input.orderId}::uuid, ${input.kind}::text, ${input.itemId}::int, ${input.quantity}::int,
                   ${expiresAt.toISOString()}::timestamptz
            from room where room.units_left >= ${input.quantity}::int
            returning 1)
          select room.units_left, (select count(*) from added)::int as added from room`,
    ),
  ]);
  if (!lock?.found) throw new AppError('conflict', `${input.label} is not available.`);
  if (room?.units_left === null || room?.units_left === undefined) return; // unlimited
  if (Number(room.added) === 0) {
    assertUnitsLeft(Number(room.units_left), input.quantity, input.label, input.kind);
    throw new Error(`stock hold for ${input.label} was not written though units were left`);
  }
}

/**
 * How long a hold must still run for settlement to convert it without the item's lock: longer than any
 * settling transaction can last (each statement is cut at DATABASE_STATEMENT_TIMEOUT_MS, 15 s).
 */
const lockFreeMarginMs = 5 * 60_000;

/**
 * convert: turns an order's holds into sales. A hold that expired before the payment arrived still
 * converts if enough is left (checked with the item locked); otherwise the purchase cannot be delivered
 * (CannotDeliver: the payment gets refunded). An active hold already keeps its units from everyone else, so
 * converting it needs no lock on the item: the sale is added to the item's counter when the order, marked
 * fulfilled, commits (record_order_sales).
 *
 * The usual case (every hold still safely active) is one statement: it reads the order's unconverted
 * holds and converts the safe ones. The others are checked under their item's lock and converted after.
 * Settlement runs this inside a savepoint, so a refusal after some holds converted undoes them all.
 */
export async function convertHolds(tx: Tx, orderId: string, labels: Map<number, string>): Promise<void> {
  const at = now();
  // Lock-free only while the hold has a safe margin left: a hold that expired before this transaction
  // commits would already be free for others to count, and its unit would be sold twice.
  const safelyActiveUntil = new Date(at.getTime() + lockFreeMarginMs);
  const holds = await queryRows<{
    id: string;
    kind: InventoryKind;
    item_id: number;
    quantity: number;
    safe: boolean;
  }>(
    tx,
    // `converted` runs although the query never reads it: PostgreSQL runs every data-modifying WITH part once.
    sql`with unconverted as (
          select ${stockHolds.id} as id, ${stockHolds.kind} as kind, ${stockHolds.itemId} as item_id,
                 ${stockHolds.quantity} as quantity,
                 (${stockHolds.releasedAt} is null and ${stockHolds.expiresAt} > ${safelyActiveUntil.toISOString()}::timestamptz) as safe
          from ${stockHolds}
          where ${stockHolds.paymentOrderId} = ${orderId}::uuid and ${stockHolds.convertedAt} is null),
        converted as (
          update ${stockHolds} set converted_at = ${at.toISOString()}::timestamptz, released_at = null
          where ${stockHolds.id} in (select id from unconverted where safe))
        select id, kind, item_id, quantity, safe from unconverted`,
  );
  if (holds.length === 0) throw new AppError('gone', 'The reservation for this order no longer exists.');
  // A participation option's places show on the events' pages; a size's or a stay's counter moves at commit.
  for (const hold of holds) inventoryChanged(tx, hold.kind, Number(hold.item_id), 'taken');
  const unsafe = holds.filter((hold) => !hold.safe);
  if (unsafe.length === 0) return;
  for (const hold of unsafe) {
    const itemId = Number(hold.item_id);
    const left = await lockedUnitsLeft(tx, hold.kind, itemId, orderId);
    if (left !== null && left < Number(hold.quantity)) {
      // Settlement's one refundable answer (the payment arrived after the units went to someone else).
      throw new CannotDeliver(adapters[hold.kind].goneWhilePaying(labels.get(itemId) ?? 'This item'));
    }
  }
  await tx
    .update(stockHolds)
    .set({ convertedAt: at, releasedAt: null })
    .where(
      inArray(
        stockHolds.id,
        unsafe.map((h) => h.id),
      ),
    );
}

/** A hold given back: what it held, and until when (a hold already past it had freed nothing more). */
export type ReleasedHold = { kind: InventoryKind; itemId: number; expiresAt: Date };

/** Signals the items of released holds: each may have freed units (an expired one frees nothing new). */
function signalReleased(tx: Tx, released: ReleasedHold[]): void {
  for (const hold of released) inventoryChanged(tx, hold.kind, hold.itemId, 'freed');
}

/** release: gives back what an order still holds (a failed, expired or refunded order). */
export async function releaseHolds(tx: Tx, orderId: string): Promise<void> {
  const released = await tx
    .update(stockHolds)
    .set({ releasedAt: now() })
    .where(and(eq(stockHolds.paymentOrderId, orderId), openHold()))
    .returning({ kind: stockHolds.kind, itemId: stockHolds.itemId, expiresAt: stockHolds.expiresAt });
  signalReleased(tx, released);
}

/**
 * release, for a new checkout: one account holds stock for one unpaid checkout per kind at a time, so a
 * new order of a kind releases what the same account's earlier unpaid orders of that kind held (a closed
 * checkout leaves its order unpaid, and the person simply tries again). So one account can never take
 * more than one order's worth (one stay, at most `maxMerchandiseUnitsPerOrder` T-shirts) away from other
 * buyers. Runs first in the transaction that creates the order: the account's row lock queues that
 * account's parallel orders, and the earlier orders are locked before any item, in the order settling
 * locks them, so a payment arriving for one of them meanwhile either settles first or finds its hold
 * released (and converts it while stock lasts, as for an expired hold). The units released go to their
 * waiting lists after the commit (the signal), never here, where locking another item before this order's
 * could deadlock with an order going the other way; the people waiting keep them from everyone meanwhile.
 */
export async function replaceAccountHolds(
  tx: Tx,
  input: { userId: string; kind: InventoryKind; orderId: string; spareOfferId?: string },
): Promise<ReleasedHold[]> {
  const purpose = adapters[input.kind].purpose;
  // The account's lock, then (a statement of its own, so that it sees every order committed before the lock
  // was granted) its earlier unpaid orders locked and their holds released: one round trip for both.
  const [, released] = await pipelined(
    // 'no key update': the order row just inserted holds a key-share lock on this row, which 'update' would wait on.
    () => tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update'),
    () =>
      queryRows<{ kind: InventoryKind; item_id: number; expires_at: string | Date }>(
        tx,
        sql`with earlier as (
              select ${paymentOrders.id} as id from ${paymentOrders}
              where ${paymentOrders.userId} = ${input.userId}::uuid and ${paymentOrders.purpose} = ${purpose}
                -- A failed attempt's order keeps its holds for a retry; a new order replaces it all the same.
                and ${paymentOrders.state} in ('created', 'failed') and ${paymentOrders.id} <> ${input.orderId}::uuid
              order by ${paymentOrders.id}
              for update)
            update ${stockHolds} set released_at = ${now().toISOString()}::timestamptz
            where ${stockHolds.paymentOrderId} in (select id from earlier) and ${stockHolds.kind} = ${input.kind}
              and ${openHold()}
              ${
                // The waiting list's offer the new order names stays held, for the new order to take over.
                input.spareOfferId
                  ? sql`and (${stockHolds.waitingEntryId} is null or ${stockHolds.waitingEntryId} <> ${input.spareOfferId}::uuid)`
                  : sql``
              }
            returning ${stockHolds.kind} as kind, ${stockHolds.itemId} as item_id, ${stockHolds.expiresAt} as expires_at`,
      ),
  );
  const holds = released.map((r) => ({
    kind: r.kind,
    itemId: Number(r.item_id),
    expiresAt: new Date(r.expires_at),
  }));
  signalReleased(tx, holds);
  return holds;
}

/** The most T-shirts one order (so one account, see replaceAccountHolds) may hold. */
export const maxMerchandiseUnitsPerOrder = 10;

/** expire: the items whose unconverted holds ran out within (from, until], by kind. */
export async function expiredBetween(
  db: Db,
  from: Date,
  until: Date,
): Promise<Array<{ kind: InventoryKind; itemId: number }>> {
  return db
    .selectDistinct({ kind: stockHolds.kind, itemId: stockHolds.itemId })
    .from(stockHolds)
    .where(
      and(isNull(stockHolds.convertedAt), gt(stockHolds.expiresAt, from), lte(stockHolds.expiresAt, until)),
    );
}
