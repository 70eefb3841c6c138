import 'server-only';
import { and, eq, isNull, min, ne } from 'drizzle-orm';
import type { CancelOutcome, CancelOwnInput, CancellableKind } from '@/lib/schemas/changes';
import { recordAudit } from '@/lib/server/admin/audit';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import {
  accommodationBookings,
  eventSessions,
  events,
  merchandiseOrders,
  participantChanges,
  paymentOrders,
  paymentRefunds,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { ownCancellationMail, teamCancelledMail } from '@/lib/server/mail/refund-mails';
import { completeRefund } from '@/lib/server/payments/settle';
import {
  cancelBookings,
  cancelMerchandiseOrders,
  cancelRegistrations,
} from '@/lib/server/services/cancellations';
import { mailRecipient } from '@/lib/server/services/recipients';
import {
  eventRules,
  itemTerms,
  stayTerms,
  staysWithRules,
  teeOrderLines,
  teeOrderTerms,
  type ItemTerms,
} from './item-terms';
import { assertBeforeFreeze, eventFreezeAt } from './rules';
import { notYours, refuseUnlessLeader } from './whose';

/*
 * A participant cancels a registration (as its leader), a T-shirt order or a stay from the profile. One
 * transaction, under the thing's row lock: the freeze is checked, the thing cancelled through the shared
 * cancellations (which signal the inventory, so the first in the waiting list gets the offer once this
 * commits), the change written to participant_changes and the audit log, and the refund the item's policy
 * gives decided in payment_refunds, the table settlement and reconciliation already work from. After the
 * commit the provider is asked for the refund (reconciliation retries a failed call) and the mails go: one
 * to the participant, one to each other member of a cancelled team.
 *
 * Locks are taken in the order an organiser's refund takes them: the payment order, then the thing.
 *
 * A second request for the same thing (a double tap, a retry after a lost answer) finds it cancelled under
 * the lock and answers what the first did, changing nothing.
 */

const participantReason = 'Cancelled by the participant';

interface Held extends ItemTerms {
  /** The payment behind it, when one was made. */
  paymentOrderId: string | null;
  paidPaise: number;
  confirmed: boolean;
  /** "your registration for Robo Race", as the mails and the freeze's refusal name it. */
  what: string;
  summary: string;
}

async function heldRegistration(tx: Tx, userId: string, id: string, at: Date) {
  const [row] = await tx
    .select({
      leaderUserId: registrations.leaderUserId,
      status: registrations.status,
      paymentOrderId: registrations.paymentOrderId,
      amountPaise: registrations.amountPaise,
      teamName: registrations.teamName,
      eventId: registrations.eventId,
    })
    .from(registrations)
    .where(eq(registrations.id, id))
    .for('update');
  if (!row) throw new AppError('not_found', notYours);
  await refuseUnlessLeader(
    tx,
    { id, leaderUserId: row.leaderUserId },
    userId,
    'Only your team’s leader can cancel the registration. You can leave the team with the link in your confirmation mail.',
  );
  const [event] = await tx
    .select({ name: events.name, startsAt: events.startsAt, ...eventRules })
    .from(events)
    .where(eq(events.id, row.eventId));
  const [first] = await tx
    .select({ at: min(eventSessions.startsAt) })
    .from(eventSessions)
    .where(eq(eventSessions.eventId, row.eventId));
  const held: Held = {
    paymentOrderId: row.paymentOrderId,
    paidPaise: row.amountPaise,
    confirmed: row.status === 'confirmed',
    ...itemTerms(event!, eventFreezeAt(event!, first?.at ?? event!.startsAt), row.amountPaise, at),
    what: `your registration for ${event!.name}`,
    summary: row.teamName ? `${event!.name} (team ${row.teamName})` : event!.name,
  };
  return { held, eventName: event!.name, teamName: row.teamName };
}

async function heldMerchandiseOrder(tx: Tx, userId: string, id: string, at: Date): Promise<Held> {
  const lines = await teeOrderLines(tx)
    .where(eq(merchandiseOrders.id, id))
    .for('update', { of: merchandiseOrders });
  const [order] = lines;
  if (!order || order.userId !== userId) throw new AppError('not_found', notYours);
  return {
    paymentOrderId: order.paymentOrderId,
    paidPaise: order.totalPaise,
    confirmed: order.status === 'confirmed',
    ...teeOrderTerms(lines, at),
    what: 'your T-shirt order',
  };
}

async function heldBooking(tx: Tx, userId: string, id: string, at: Date): Promise<Held> {
  const [stay] = await staysWithRules(tx)
    .where(eq(accommodationBookings.id, id))
    .for('update', { of: accommodationBookings });
  if (!stay || stay.userId !== userId) throw new AppError('not_found', notYours);
  return {
    paymentOrderId: stay.paymentOrderId,
    paidPaise: stay.amountPaise,
    confirmed: stay.status === 'confirmed',
    ...stayTerms(stay, at),
    what: `your stay (${stay.typeName})`,
  };
}

/** The change a double tap's first request made, or what an organiser's cancellation left (no refund). */
async function earlierOutcome(tx: Tx, kind: CancellableKind, id: string): Promise<CancelOutcome> {
  const [change] = await tx
    .select({ refundPaise: participantChanges.refundPaise })
    .from(participantChanges)
    .where(
      and(
        eq(participantChanges.entity, kind),
        eq(participantChanges.entityId, id),
        eq(participantChanges.action, 'cancel'),
        isNull(participantChanges.undoneAt),
      ),
    );
  return { kind, id, alreadyCancelled: true, refundPaise: change?.refundPaise ?? 0 };
}

/**
 * Locks the thing's payment order before the thing itself: the order an organiser's refund takes them in
 * (refunds.ts locks the order, then cancels what it bought), so a refund and a cancellation of the same
 * thing at the same moment wait for each other instead of deadlocking.
 */
export async function lockPaymentOrderFirst(tx: Tx, kind: CancellableKind, id: string): Promise<void> {
  const [row] =
    kind === 'registration'
      ? await tx
          .select({ paymentOrderId: registrations.paymentOrderId })
          .from(registrations)
          .where(eq(registrations.id, id))
      : kind === 'merchandise_order'
        ? await tx
            .select({ paymentOrderId: merchandiseOrders.paymentOrderId })
            .from(merchandiseOrders)
            .where(eq(merchandiseOrders.id, id))
        : await tx
            .select({ paymentOrderId: accommodationBookings.paymentOrderId })
            .from(accommodationBookings)
            .where(eq(accommodationBookings.id, id));
  if (!row?.paymentOrderId) return;
  await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, row.paymentOrderId))
    .for('update');
}

/** The payment a refund goes back to: only one taken and still standing (not refunded already). */
async function refundablePayment(tx: Tx, paymentOrderId: string | null): Promise<string | null> {
  if (!paymentOrderId) return null;
  const [order] = await tx
    .select({ paymentId: paymentOrders.providerPaymentId, state: paymentOrders.state })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, paymentOrderId))
    .for('update');
  return order?.state === 'fulfilled' && order.paymentId ? order.paymentId : null;
}

export async function cancelOwn(
  db: Db,
  user: { id: string; email: string },
  input: CancelOwnInput,
): Promise<CancelOutcome> {
  const mail = new PendingMail();
  let refundToAsk: string | null = null;

  const outcome = await db.transaction(async (tx): Promise<CancelOutcome> => {
    const at = now();
    const { kind, id } = input;
    let team: { eventName: string; teamName: string | null } | null = null;
    let held: Held;
    await lockPaymentOrderFirst(tx, kind, id);
    if (kind === 'registration') {
      const registration = await heldRegistration(tx, user.id, id, at);
      held = registration.held;
      team = registration;
    } else if (kind === 'merchandise_order') {
      held = await heldMerchandiseOrder(tx, user.id, id, at);
    } else {
      held = await heldBooking(tx, user.id, id, at);
    }
    if (!held.confirmed) return earlierOutcome(tx, kind, id);
    assertBeforeFreeze(held.freezeAt, at, held.what);

    // The members still on the team, to be told (read before the cancellation ends their membership).
    const others =
      kind === 'registration'
        ? await tx
            .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
            .from(registrationMembers)
            .innerJoin(users, eq(users.id, registrationMembers.userId))
            .where(
              and(
                eq(registrationMembers.registrationId, id),
                isNull(registrationMembers.cancelledAt),
                ne(registrationMembers.userId, user.id),
              ),
            )
        : [];

    if (kind === 'registration') await cancelRegistrations(tx, eq(registrations.id, id));
    else if (kind === 'merchandise_order') await cancelMerchandiseOrders(tx, eq(merchandiseOrders.id, id));
    else await cancelBookings(tx, eq(accommodationBookings.id, id));

    const paymentId = held.refundPaise > 0 ? await refundablePayment(tx, held.paymentOrderId) : null;
    const refundPaise = paymentId ? held.refundPaise : 0;
    if (paymentId && held.paymentOrderId) {
      const decided = await tx
        .insert(paymentRefunds)
        .values({
          providerPaymentId: paymentId,
          paymentOrderId: held.paymentOrderId,
          amountPaise: refundPaise,
          reason: participantReason,
        })
        .onConflictDoNothing()
        .returning({ paymentId: paymentRefunds.providerPaymentId });
      if (decided.length > 0) refundToAsk = paymentId;
      await tx
        .update(paymentOrders)
        .set({ state: 'refunded', refundedAt: at, refundReason: participantReason })
        .where(eq(paymentOrders.id, held.paymentOrderId));
    }

    await tx.insert(participantChanges).values({
      userId: user.id,
      action: 'cancel',
      entity: kind,
      entityId: id,
      paymentOrderId: held.paymentOrderId,
      refundPaise,
      summary: held.summary,
    });
    await recordAudit(tx, user, {
      action: 'cancel',
      entity: kind,
      entityId: id,
      before: { status: 'confirmed', paidPaise: held.paidPaise },
      after: { status: 'cancelled', refundPaise, by: 'participant' },
    });

    const me = await mailRecipient(tx, user.id);
    if (me) {
      await mail.add(
        tx,
        ownCancellationMail(me, { what: held.what, refundPaise, refundLabel: held.refundLabel }),
      );
    }
    if (team && me) {
      for (const member of others) {
        await mail.add(
          tx,
          teamCancelledMail(
            { email: member.email, fullName: `${member.firstName} ${member.lastName}` },
            { eventName: team.eventName, leaderName: me.fullName, teamName: team.teamName },
          ),
        );
      }
    }
    return { kind, id, alreadyCancelled: false, refundPaise };
  });

  if (refundToAsk) {
    await completeRefund(db, refundToAsk).catch((error: unknown) =>
      logger.error(
        { err: error, paymentId: refundToAsk },
        'refund of a cancellation failed; reconciliation will retry it',
      ),
    );
  }
  await mail.send(db);
  return outcome;
}
