import 'server-only';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '@/lib/server/db';
import {
  accommodationBookings,
  merchandiseOrderLines,
  merchandiseOrders,
  registrationMembers,
  registrations,
} from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { inventoryChanged } from '@/lib/server/inventory';

/*
 * Cancelling what someone holds, one function per kind, whoever asks: an organiser's refund (refunds.ts)
 * or the participant themselves (lib/server/changes/cancel.ts). Each cancels only what is still confirmed
 * among the rows `which` selects, and says through the inventory's one signal which items got units back,
 * so their waiting lists hear of it once the transaction commits.
 */

/** Confirmed registrations and their live members; the options' places are free again. */
export async function cancelRegistrations(tx: Tx, which: SQL) {
  const at = now();
  const rows = await tx
    .update(registrations)
    .set({ status: 'cancelled', cancelledAt: at })
    .where(and(which, eq(registrations.status, 'confirmed')))
    .returning({
      id: registrations.id,
      eventId: registrations.eventId,
      optionId: registrations.participationId,
    });
  // A cancelled registration no longer counts against its option's limit: its place is free.
  for (const optionId of new Set(rows.map((r) => r.optionId))) {
    inventoryChanged(tx, 'participation_option', optionId);
  }
  if (rows.length > 0) {
    await tx
      .update(registrationMembers)
      .set({ cancelledAt: at })
      .where(
        and(
          inArray(
            registrationMembers.registrationId,
            rows.map((r) => r.id),
          ),
          isNull(registrationMembers.cancelledAt),
        ),
      );
  }
  return rows;
}

/** Confirmed T-shirt orders; their sizes' sold counters come down at the commit (PostgreSQL's triggers). */
export async function cancelMerchandiseOrders(tx: Tx, which: SQL): Promise<string[]> {
  const rows = await tx
    .update(merchandiseOrders)
    .set({ status: 'cancelled', cancelledAt: now() })
    .where(and(which, eq(merchandiseOrders.status, 'confirmed')))
    .returning({ id: merchandiseOrders.id });
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    const sizes = await tx
      .selectDistinct({ variantId: merchandiseOrderLines.variantId })
      .from(merchandiseOrderLines)
      .where(inArray(merchandiseOrderLines.orderId, ids));
    for (const size of sizes) inventoryChanged(tx, 'merchandise_variant', size.variantId);
  }
  return ids;
}

/** Confirmed stays; the options' booked counters come down at the commit, as a size's does. */
export async function cancelBookings(tx: Tx, which: SQL) {
  const rows = await tx
    .update(accommodationBookings)
    .set({ status: 'cancelled', cancelledAt: now() })
    .where(and(which, eq(accommodationBookings.status, 'confirmed')))
    .returning({ id: accommodationBookings.id, optionId: accommodationBookings.optionId });
  for (const booking of rows) inventoryChanged(tx, 'accommodation_option', booking.optionId);
  return rows;
}
