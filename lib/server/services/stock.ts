import 'server-only';
import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { pgErrorDetail, pipelined, queryRows } from '@/lib/server/db/client';
import {
  accommodationOptions,
  merchandiseVariants,
  participationOptions,
  paymentOrders,
  registrations,
  stockHolds,
  users,
  waitingListEntries,
} from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';
import { CannotDeliver } from '@/lib/server/payments/cannot-deliver';

/*
 * Limited stock: T-shirt sizes, accommodation places and the places of an event's participation option.
 * What is left = total - sold - active holds, always computed with the item's row locked, so concurrent
 * buyers queue on the lock and can never take more than exists. A hold is active until it expires, is
 * released, or becomes a sale.
 *
 * A participation option differs in two ways: its total (place_limit) may be null, unlimited, and what is
 * "sold" is counted, not kept in a counter: its confirmed registrations. So a registration the organisers
 * cancel or refund frees its place by being cancelled, with no counter to keep right (docs/decisions.md).
 */

export type StockKind = 'merchandise_variant' | 'accommodation_option' | 'participation_option';

/** The kinds with a counter that a sale adds to (a participation option's registrations are counted). */
const purposeOfKind: Record<StockKind, 'merchandise' | 'accommodation' | 'event'> = {
  merchandise_variant: 'merchandise',
  accommodation_option: 'accommodation',
  participation_option: 'event',
};
export const holdMinutes = 15;

function activeHold() {
  return and(isNull(stockHolds.releasedAt), isNull(stockHolds.convertedAt), gt(stockHolds.expiresAt, now()));
}

/** Units held right now per item, optionally ignoring one order's holds. */
export async function heldUnits(
  db: Db | Tx,
  kind: StockKind,
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

/**
 * People waiting (not yet offered) per item: a freed unit is theirs first, so the shop's lists show a
 * size or stay as unavailable while anyone waits for it (docs/waiting-lists.md).
 */
export async function waitingUnits(
  db: Db | Tx,
  kind: StockKind,
  itemIds: number[],
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: waitingListEntries.itemId, waiting: sql<number>`cast(count(*) as int)` })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.kind, kind),
        inArray(waitingListEntries.itemId, itemIds),
        eq(waitingListEntries.status, 'waiting'),
      ),
    )
    .groupBy(waitingListEntries.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.waiting)]));
}

/** Confirmed registrations of an option (its id given as SQL or a number): the places it has given. */
function confirmedRegistrations(optionId: SQL | number): SQL {
  return sql`(select count(*) from ${registrations}
    where ${registrations.participationId} = ${optionId} and ${registrations.status} = 'confirmed')`;
}

/**
 * People waiting in an item's list (not yet offered), as SQL: a freed unit is theirs before anyone
 * else's, so what is left to a plain buyer is reduced by them (an offered entry's unit is already held).
 */
function waitingPeople(kind: StockKind, itemId: SQL | number): SQL {
  return sql`(select count(*) from ${waitingListEntries}
    where ${waitingListEntries.kind} = ${kind} and ${waitingListEntries.itemId} = ${itemId}
      and ${waitingListEntries.status} = 'waiting')`;
}

/**
 * Locks an item's row and answers its total (null: unlimited) and units already sold or booked. A
 * participation option has no counter: its `taken` is 0 here, and lockedUnitsLeft counts it.
 *
 * 'no key update', not 'update': it serialises every hold, count and counter write of the item all the
 * same, but lets a settlement insert rows that point at the item (order lines, bookings, registrations,
 * whose foreign keys take a key-share lock on it) meanwhile. With 'update' a purchase waiting for the item
 * and a settlement inserting its order line could wait on each other: the rush benchmark met such
 * deadlocks (PostgreSQL aborted one after its 1 s deadlock timeout: a 503 and a 2 s stall).
 */
async function lockItem(
  tx: Tx,
  kind: StockKind,
  itemId: number,
): Promise<{ total: number | null; taken: number; enabled: boolean } | null> {
  if (kind === 'participation_option') {
    const [row] = await tx
      .select({ total: participationOptions.placeLimit })
      .from(participationOptions)
      .where(eq(participationOptions.id, itemId))
      .for('no key update');
    return row ? { total: row.total, taken: 0, enabled: true } : null;
  }
  if (kind === 'merchandise_variant') {
    const [row] = await tx
      .select({
        total: merchandiseVariants.stock,
        taken: merchandiseVariants.sold,
        enabled: merchandiseVariants.isEnabled,
      })
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.id, itemId))
      .for('no key update');
    return row ?? null;
  }
  const [row] = await tx
    .select({ total: accommodationOptions.capacity, taken: accommodationOptions.booked })
    .from(accommodationOptions)
    .where(eq(accommodationOptions.id, itemId))
    .for('no key update');
  return row ? { ...row, enabled: true } : null;
}

/**
 * One account holds stock for one unpaid checkout per kind at a time: a new order of a kind releases
 * what the same account's earlier unpaid orders of that kind held (a closed checkout leaves its order
 * unpaid, and the person simply tries again). So one account can never take more than one order's
 * worth (one stay, at most `maxMerchandiseUnitsPerOrder` T-shirts) away from other buyers. Runs first in
 * the transaction that creates the order: the account's row lock queues that account's parallel orders,
 * and the earlier orders are locked before any item, in the order settling locks them, so a payment
 * arriving for one of them meanwhile either settles first or finds its hold released (and converts it
 * while stock lasts, as for an expired hold).
 */
export async function replaceAccountHolds(
  tx: Tx,
  input: { userId: string; kind: StockKind; orderId: string; spareOfferId?: string },
): Promise<ReleasedHold[]> {
  const purpose = purposeOfKind[input.kind];
  // The account's lock, then (a statement of its own, so that it sees every order committed before the lock
  // was granted) its earlier unpaid orders locked and their holds released: one round trip for both.
  const [, released] = await pipelined(
    // 'no key update': the order row just inserted holds a key-share lock on this row, which 'update' would wait on.
    () => tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update'),
    () =>
      queryRows<{ kind: StockKind; item_id: number; expires_at: string | Date }>(
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
              and ${stockHolds.releasedAt} is null and ${stockHolds.convertedAt} is null
              ${
                // The waiting list's offer the new order names stays held, for the new order to take over.
                input.spareOfferId
                  ? sql`and (${stockHolds.waitingEntryId} is null or ${stockHolds.waitingEntryId} <> ${input.spareOfferId}::uuid)`
                  : sql``
              }
            returning ${stockHolds.kind} as kind, ${stockHolds.itemId} as item_id, ${stockHolds.expiresAt} as expires_at`,
      ),
  );
  return released.map((r) => ({
    kind: r.kind,
    itemId: Number(r.item_id),
    expiresAt: new Date(r.expires_at),
  }));
}

/** A hold given back: what it held, and until when (a hold already past it had freed nothing more). */
export type ReleasedHold = { kind: StockKind; itemId: number; expiresAt: Date };

/** The most T-shirts one order (so one account, see replaceAccountHolds) may hold. */
export const maxMerchandiseUnitsPerOrder = 10;

/**
 * Units in open holds of an item (its id given as SQL, e.g. the outer query's column), as SQL; without
 * those of `exceptUserId`'s orders when given (a new order of theirs replaces them, see replaceAccountHolds).
 */
function openHolds(kind: StockKind, itemId: SQL | number, exceptUserId?: string): SQL {
  const others = exceptUserId
    ? sql`and not exists (select 1 from ${paymentOrders}
        where ${paymentOrders.id} = ${stockHolds.paymentOrderId} and ${paymentOrders.userId} = ${exceptUserId})`
    : sql``;
  return sql`(select coalesce(sum(${stockHolds.quantity}), 0) from ${stockHolds}
    where ${stockHolds.kind} = ${kind} and ${stockHolds.itemId} = ${itemId}
      and ${stockHolds.releasedAt} is null and ${stockHolds.convertedAt} is null
      and ${stockHolds.expiresAt} > ${now().toISOString()}::timestamptz ${others})`;
}

/**
 * What is left of a size, a stay option or a participation option (total, less sold, booked or registered,
 * less open holds), as a column for a select from its table; for a buyer, their own holds count as left.
 * An unlimited participation option has null left. Read without the item's lock it is a glance, good for
 * showing and for refusing early when nothing is left; only the count under the lock decides.
 */
export const unitsLeftColumn = {
  merchandise_variant: (forUserId?: string) =>
    sql<number>`(${merchandiseVariants.stock} - ${merchandiseVariants.sold} - ${openHolds('merchandise_variant', sql`${merchandiseVariants.id}`, forUserId)} - ${waitingPeople('merchandise_variant', sql`${merchandiseVariants.id}`)})::int`,
  accommodation_option: (forUserId?: string) =>
    sql<number>`(${accommodationOptions.capacity} - ${accommodationOptions.booked} - ${openHolds('accommodation_option', sql`${accommodationOptions.id}`, forUserId)} - ${waitingPeople('accommodation_option', sql`${accommodationOptions.id}`)})::int`,
  participation_option: (forUserId?: string) =>
    sql<number | null>`(case when ${participationOptions.placeLimit} is null then null
      else greatest(${participationOptions.placeLimit} - ${confirmedRegistrations(sql`${participationOptions.id}`)} - ${openHolds('participation_option', sql`${participationOptions.id}`, forUserId)} - ${waitingPeople('participation_option', sql`${participationOptions.id}`)}, 0) end)::int`,
} satisfies Record<StockKind, (forUserId?: string) => SQL<number | null>>;

/** Places an option has given or holds now (confirmed registrations plus open holds), for a select from it. */
export function placesTakenColumn(): SQL<number> {
  return sql<number>`(${confirmedRegistrations(sql`${participationOptions.id}`)} + ${openHolds('participation_option', sql`${participationOptions.id}`)})::int`;
}

/** Refuses `quantity` units of an item when only `left` are: sold out (full), or how many are left. */
export function assertUnitsLeft(left: number, quantity: number, label: string, kind?: StockKind): void {
  if (left >= quantity) return;
  throw tooFewLeft(left, label, kind);
}

/** The refusal of more units than the `left` of an item: sold out (full), or how many are left. */
function tooFewLeft(left: number, label: string, kind?: StockKind): AppError {
  if (kind === 'participation_option')
    return new AppError('conflict', fullMessage(label), { reason: 'full' });
  return new AppError(
    'conflict',
    left <= 0 ? `${label} is sold out.` : `Only ${left} left of ${label}; please lower the quantity.`,
    { reason: 'sold_out' },
  );
}

/** The refusal of a registration beyond an option's limit; `label` is "{option} for {event}". */
export function fullMessage(label: string): string {
  return `${label} is full.`;
}

/** What is left of one item as `units_left`, in SQL (for the count under the lock). */
function unitsLeft(kind: StockKind, itemId: number): SQL {
  if (kind === 'participation_option') {
    return sql`select ${unitsLeftColumn.participation_option()} as units_left
          from ${participationOptions} where ${participationOptions.id} = ${itemId}`;
  }
  return kind === 'merchandise_variant'
    ? sql`select ${unitsLeftColumn.merchandise_variant()} as units_left
          from ${merchandiseVariants} where ${merchandiseVariants.id} = ${itemId}`
    : sql`select ${unitsLeftColumn.accommodation_option()} as units_left
          from ${accommodationOptions} where ${accommodationOptions.id} = ${itemId}`;
}

/**
 * Locks an item and answers what is left of it, less what other orders than `exceptOrderId` hold and
 * less the people waiting in its list (unless `forOffers`: the waiting list's own count of what it may
 * offer); null for an unlimited participation option. The count is the one that decides: it sees every
 * registration, sale, hold and waiting entry committed before the lock was granted, and nobody else can
 * add one until the commit.
 */
export async function lockedUnitsLeft(
  tx: Tx,
  kind: StockKind,
  itemId: number,
  exceptOrderId?: string,
  options: { forOffers?: boolean } = {},
): Promise<number | null> {
  const item = await lockItem(tx, kind, itemId);
  if (!item) throw new AppError('gone', 'This item no longer exists.');
  if (item.total === null) return null;
  const waiting = options.forOffers ? sql`0` : waitingPeople(kind, itemId);
  if (kind === 'participation_option') {
    // Registrations and holds in one statement (one snapshot), after the lock was granted: a payment
    // converting its active hold needs no lock on the option and commits its registration and the
    // conversion together, so two statements could see neither, the hold converted and the registration not
    // yet counted. A statement that had waited for the lock would count from before the wait.
    const others = exceptOrderId
      ? sql`and ${stockHolds.paymentOrderId} is distinct from ${exceptOrderId}::uuid`
      : sql``;
    const [row] = await queryRows<{ taken: number }>(
      tx,
      sql`select (${confirmedRegistrations(itemId)} + (select coalesce(sum(${stockHolds.quantity}), 0)
        from ${stockHolds}
        where ${stockHolds.kind} = 'participation_option' and ${stockHolds.itemId} = ${itemId}
          and ${stockHolds.releasedAt} is null and ${stockHolds.convertedAt} is null
          and ${stockHolds.expiresAt} > ${now().toISOString()}::timestamptz ${others}) + ${waiting})::int as taken`,
    );
    return item.total - Number(row?.taken ?? 0);
  }
  const held = (await heldUnits(tx, kind, [itemId], exceptOrderId)).get(itemId) ?? 0;
  const [queue] = await queryRows<{ waiting: number }>(tx, sql`select ${waiting}::int as waiting`);
  return item.total - item.taken - held - Number(queue?.waiting ?? 0);
}

/** What a transaction's holds were for, so that a refusal at its commit can name the item in words. */
const holdsOfTransaction = new WeakMap<Tx, Map<string, string>>();
const holdKey = (kind: string, itemId: number) => `${kind}:${itemId}`;

/**
 * A transaction that may hold stock (holdStock). A hold of a size or a stay is checked when the transaction
 * commits (drizzle/0012_stock_checks_at_commit.sql): a refusal there undoes the whole transaction and is
 * answered as the 409 the buyer is shown ("Size M is sold out.", "Only 2 left of …").
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
  const refused = JSON.parse(detail) as { kind: StockKind; itemId: number; left: number | null };
  const label = labels.get(holdKey(refused.kind, refused.itemId)) ?? 'This item';
  if (refused.left === null) return new AppError('conflict', `${label} is not available.`);
  return tooFewLeft(refused.left, label, refused.kind);
}

/**
 * Reserves `quantity` units for an order until the hold expires; refuses when fewer are left. An
 * unlimited participation option is locked (a limit set meanwhile waits for this order) but not held.
 *
 * Every buyer of an item queues on its row lock, so the lock must be held as briefly as can be. A size or
 * a stay is held by writing the hold alone: the item's lock is taken, and what is left counted, when the
 * transaction commits, inside PostgreSQL (see transactionWithHolds), so it is held for microseconds, never
 * for a round trip to this process. The buyer's screen has already refused what was seen sold out.
 *
 * A participation option's limit may be none and may be set at any moment, and its "sold" is counted from
 * registrations, so its hold is still decided under its lock here: the lock and the hold go to the database
 * together, first the lock, then, as a statement of its own (so that it sees every hold committed before
 * the lock was granted), the count and the insert when there is room. A refusal throws, and the caller's
 * transaction rolls back whatever was written.
 */
export async function holdStock(
  tx: Tx,
  input: { orderId: string; kind: StockKind; itemId: number; quantity: number; label: string },
): Promise<void> {
  const madeAt = now();
  const expiresAt = new Date(madeAt.getTime() + holdMinutes * 60_000);
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
  const [item, [room]] = await Promise.all([
    lockItem(tx, input.kind, input.itemId),
    queryRows<{ units_left: number; added: number }>(
      tx,
      sql`with room as (${unitsLeft(input.kind, input.itemId)}),
          added as (
            insert into ${stockHolds} (payment_order_id, kind, item_id, quantity, expires_at)
            select ${input.orderId}::uuid, ${input.kind}::text, ${input.itemId}::int, ${input.quantity}::int,
                   ${expiresAt.toISOString()}::timestamptz
            from room where room.units_left >= ${input.quantity}::int
            returning 1)
          select room.units_left, (select count(*) from added)::int as added from room`,
    ),
  ]);
  if (!item || !item.enabled) throw new AppError('conflict', `${input.label} is not available.`);
  if (item.total === null) return;
  if (!room || Number(room.added) === 0) {
    assertUnitsLeft(Number(room?.units_left ?? 0), input.quantity, input.label, input.kind);
    throw new Error(`stock hold for ${input.label} was not written though units were left`);
  }
}

/**
 * How long a hold must still run for settlement to convert it without the item's lock: longer than any
 * settling transaction can last (each statement is cut at DATABASE_STATEMENT_TIMEOUT_MS, 15 s).
 */
const lockFreeMarginMs = 5 * 60_000;

/**
 * Turns an order's holds into sales. A hold that expired before the payment arrived still converts if
 * enough stock is left (checked with the item locked); otherwise the purchase is undeliverable (and the
 * payment gets refunded). An active hold already keeps its units from everyone else, so converting it
 * needs no lock on the item: the sale is added to the item's counter when the order, marked fulfilled,
 * commits (drizzle/0012_stock_checks_at_commit.sql).
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
    kind: StockKind;
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
  const unsafe = holds.filter((hold) => !hold.safe);
  if (unsafe.length === 0) return;
  for (const hold of unsafe) {
    const itemId = Number(hold.item_id);
    const left = await lockedUnitsLeft(tx, hold.kind, itemId, orderId);
    if (left !== null && left < Number(hold.quantity)) {
      const label = labels.get(itemId) ?? 'This item';
      throw new CannotDeliver(
        hold.kind === 'participation_option'
          ? `${label} filled up while your payment was on its way.`
          : `${label} sold out while your payment was on its way.`,
      );
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
