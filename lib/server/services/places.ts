import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { events, participationOptions, stockHolds } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import {
  convertHolds,
  fullMessage,
  holdStock,
  inventoryChanged,
  lockedUnitsLeft,
  replaceAccountHolds,
  takeOverOffer,
  unitsLeftColumn,
  type ReleasedHold,
} from '@/lib/server/inventory';

/*
 * The places of an event's participation options: an option with a place_limit takes that many
 * registrations (teams); without one it is unlimited. Places are held and counted by the inventory's
 * rule (lib/server/inventory, kind 'participation_option'): places left = limit - confirmed
 * registrations - active holds - people waiting, decided under the option's row lock. Every registration, free or paid,
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
 * unlimited option holds nothing. Answers the holds it replaced (their places go to the waiting lists
 * after the commit, through the inventory's signal).
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
  // The events' pages show places left: they hear of it after the commit.
  inventoryChanged(tx, 'participation_option', input.optionId, 'taken');
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
