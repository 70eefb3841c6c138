import 'server-only';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/server/admin/audit';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import {
  accommodationBookings,
  merchandiseOrderLines,
  merchandiseOrders,
  participantChanges,
  paymentOrders,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { lockedUnitsLeft, type InventoryKind } from '@/lib/server/inventory';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { cancellationUndoneMail } from '@/lib/server/mail/refund-mails';
import { mailRecipient } from '@/lib/server/services/recipients';

/*
 * An organiser undoes a participant's cancellation (docs/own-changes.md): the thing is theirs again, as if
 * never cancelled. Only while its place has not gone on: the unit is taken again through the inventory's
 * one rule, under the item's lock, and that rule counts the people waiting for it, so a place a waiting list
 * has been (or is about to be) offered, or someone has taken since, cannot be taken back. Only a
 * cancellation that gave no money back: one that was refunded would hand the thing back unpaid.
 *
 * Locks in the order a cancellation and a refund take them: the payment order, the thing, then the change.
 * A second undo of the same change (a double click) finds it undone and does nothing.
 */

const placeGone =
  'Its place has gone to someone else since (offered to the waiting list or taken), so this cannot be undone.';

export interface UndoOutcome {
  id: string;
  alreadyUndone: boolean;
}

async function lockPaymentOrder(tx: Tx, paymentOrderId: string | null) {
  if (!paymentOrderId) return;
  await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, paymentOrderId))
    .for('update');
}

/** Refuses unless `units` of the item are left by the one rule (null: unlimited), under its lock. */
async function assertRoomFor(tx: Tx, kind: InventoryKind, itemId: number, units: number) {
  const left = await lockedUnitsLeft(tx, kind, itemId);
  if (left !== null && left < units) throw new AppError('conflict', placeGone);
}

async function restoreRegistration(tx: Tx, id: string) {
  const [registration] = await tx
    .select({
      status: registrations.status,
      cancelledAt: registrations.cancelledAt,
      eventId: registrations.eventId,
      optionId: registrations.participationId,
    })
    .from(registrations)
    .where(eq(registrations.id, id))
    .for('update');
  if (!registration) throw new AppError('gone', 'This registration no longer exists.');
  if (registration.status !== 'cancelled' || !registration.cancelledAt) {
    throw new AppError('conflict', 'This registration is not cancelled any more.');
  }
  await assertRoomFor(tx, 'participation_option', registration.optionId, 1);
  // The members the cancellation ended (not those who had left the team before it).
  const endedWithIt = and(
    eq(registrationMembers.registrationId, id),
    eq(registrationMembers.cancelledAt, registration.cancelledAt),
  );
  const members = await tx
    .select({ userId: registrationMembers.userId })
    .from(registrationMembers)
    .where(endedWithIt);
  const [again] = members.length
    ? await tx
        .select({ email: users.email })
        .from(registrationMembers)
        .innerJoin(users, eq(users.id, registrationMembers.userId))
        .where(
          and(
            eq(registrationMembers.eventId, registration.eventId),
            isNull(registrationMembers.cancelledAt),
            ne(registrationMembers.registrationId, id),
            inArray(
              registrationMembers.userId,
              members.map((m) => m.userId),
            ),
          ),
        )
        .limit(1)
    : [];
  if (again) {
    throw new AppError(
      'conflict',
      `${again.email} has registered for this event again since, so this cannot be undone.`,
    );
  }
  await tx
    .update(registrations)
    .set({ status: 'confirmed', cancelledAt: null })
    .where(eq(registrations.id, id));
  await tx.update(registrationMembers).set({ cancelledAt: null }).where(endedWithIt);
}

async function restoreMerchandiseOrder(tx: Tx, id: string) {
  const [order] = await tx
    .select({ status: merchandiseOrders.status })
    .from(merchandiseOrders)
    .where(eq(merchandiseOrders.id, id))
    .for('update');
  if (!order) throw new AppError('gone', 'This order no longer exists.');
  if (order.status !== 'cancelled') throw new AppError('conflict', 'This order is not cancelled any more.');
  const sizes = await tx
    .select({
      variantId: merchandiseOrderLines.variantId,
      units: sql<number>`sum(${merchandiseOrderLines.qty})::int`,
    })
    .from(merchandiseOrderLines)
    .where(eq(merchandiseOrderLines.orderId, id))
    .groupBy(merchandiseOrderLines.variantId)
    .orderBy(asc(merchandiseOrderLines.variantId));
  // In id order, as every other taker of several sizes locks them.
  for (const size of sizes)
    await assertRoomFor(tx, 'merchandise_variant', size.variantId, Number(size.units));
  // The sizes' sold counters go up at the commit (drizzle/0017_restore_after_undo.sql).
  await tx
    .update(merchandiseOrders)
    .set({ status: 'confirmed', cancelledAt: null })
    .where(eq(merchandiseOrders.id, id));
}

async function restoreBooking(tx: Tx, id: string) {
  const [booking] = await tx
    .select({
      status: accommodationBookings.status,
      userId: accommodationBookings.userId,
      optionId: accommodationBookings.optionId,
    })
    .from(accommodationBookings)
    .where(eq(accommodationBookings.id, id))
    .for('update');
  if (!booking) throw new AppError('gone', 'This stay no longer exists.');
  if (booking.status !== 'cancelled') throw new AppError('conflict', 'This stay is not cancelled any more.');
  const [other] = await tx
    .select({ id: accommodationBookings.id })
    .from(accommodationBookings)
    .where(
      and(eq(accommodationBookings.userId, booking.userId), eq(accommodationBookings.status, 'confirmed')),
    );
  if (other)
    throw new AppError('conflict', 'This person has booked another stay since, so this cannot be undone.');
  await assertRoomFor(tx, 'accommodation_option', booking.optionId, 1);
  await tx
    .update(accommodationBookings)
    .set({ status: 'confirmed', cancelledAt: null })
    .where(eq(accommodationBookings.id, id));
}

export async function undoCancellation(
  db: Db,
  actor: { id: string; email: string },
  changeId: string,
): Promise<UndoOutcome> {
  const mail = new PendingMail();
  const outcome = await db.transaction(async (tx): Promise<UndoOutcome> => {
    const [seen] = await tx.select().from(participantChanges).where(eq(participantChanges.id, changeId));
    if (!seen) throw new AppError('not_found', 'This change does not exist.');
    if (seen.action !== 'cancel') throw new AppError('conflict', 'Only a cancellation can be undone.');
    await lockPaymentOrder(tx, seen.paymentOrderId);
    const [change] = await tx
      .select()
      .from(participantChanges)
      .where(eq(participantChanges.id, changeId))
      .for('update');
    if (change!.undoneAt) return { id: changeId, alreadyUndone: true };
    if (change!.refundPaise > 0) {
      throw new AppError(
        'conflict',
        'Money was refunded for this cancellation, so it cannot be undone. The participant can register or order again.',
      );
    }
    if (change!.entity === 'registration') await restoreRegistration(tx, change!.entityId);
    else if (change!.entity === 'merchandise_order') await restoreMerchandiseOrder(tx, change!.entityId);
    else if (change!.entity === 'accommodation_booking') await restoreBooking(tx, change!.entityId);
    else throw new AppError('conflict', 'This cancellation cannot be undone.');

    await tx
      .update(participantChanges)
      .set({ undoneAt: now(), undoneByUserId: actor.id })
      .where(eq(participantChanges.id, changeId));
    await recordAudit(tx, actor, {
      action: 'undo_cancel',
      entity: change!.entity,
      entityId: change!.entityId,
      before: { status: 'cancelled' },
      after: { status: 'confirmed', change: changeId },
    });
    const to = await mailRecipient(tx, change!.userId);
    if (to) await mail.add(tx, cancellationUndoneMail(to, { summary: change!.summary }));
    return { id: changeId, alreadyUndone: false };
  });
  await mail.send(db);
  return outcome;
}
