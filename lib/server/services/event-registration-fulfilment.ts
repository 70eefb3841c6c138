import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import {
  events,
  participationOptions,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import type { PendingMail } from '@/lib/server/mail/mail-service';
import {
  refundNoticeMail,
  registrationConfirmationMail,
  type RegistrationDetails,
} from '@/lib/server/mail/registration-mails';
import { ensurePasses, passMailPartsByEmail } from '@/lib/server/passes/passes';
import { CannotDeliver } from '@/lib/server/payments/cannot-deliver';
import { orderItem, type EventOrderItem } from '@/lib/server/payments/order-item';
import type { Fulfiller } from '@/lib/server/payments/types';
import { leaveLinkExpiry, leaveTeamUrl } from './event-registration-leave-link';
import { takePlace } from './places';
import { mailRecipient } from './recipients';
import { sessionsOfEvents } from './timetable';

/**
 * Creates a registration with all its members in the caller's transaction, taking its place of a limited
 * option first (409 when the option is full, reason 'full'; a paid order's hold becomes the place). The
 * database's one-live-registration-per-person rule turns a double registration into a 409, reason
 * 'already_registered'. The reasons let the paid path (eventRegistrationFulfiller) tell these refusals,
 * which refund a payment, from any other.
 */
export async function insertRegistration(
  tx: Tx,
  input: {
    eventId: number;
    participationId: number;
    teamName: string | null;
    memberUserIds: string[];
    paymentOrderId: string | null;
    amountPaise: number;
    isDaStudent: boolean;
    /** A waiting list's offer (its entry id) whose held place a free registration takes. */
    offerId?: string;
  },
): Promise<string> {
  const [leader] = input.memberUserIds;
  if (!leader) throw new AppError('invalid_input', 'A registration needs at least one member.');
  await takePlace(tx, {
    optionId: input.participationId,
    orderId: input.paymentOrderId,
    offer: input.offerId ? { id: input.offerId, userId: leader } : undefined,
  });
  try {
    return await tx.transaction(async (inner) => {
      const [registration] = await inner
        .insert(registrations)
        .values({
          eventId: input.eventId,
          participationId: input.participationId,
          teamName: input.teamName,
          leaderUserId: leader,
          paymentOrderId: input.paymentOrderId,
          amountPaise: input.amountPaise,
          isDaStudent: input.isDaStudent,
        })
        .returning({ id: registrations.id });
      await inner.insert(registrationMembers).values(
        input.memberUserIds.map((userId, position) => ({
          registrationId: registration!.id,
          eventId: input.eventId,
          userId,
          isLeader: position === 0,
          position,
        })),
      );
      // Every member becomes a participant, so every member holds a festival pass from now on.
      await ensurePasses(inner, input.memberUserIds);
      return registration!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', 'Someone in this team is already registered for this event.', {
        reason: 'already_registered',
      });
    }
    throw error;
  }
}

/** Everything a confirmation mail says about a registration. */
export async function registrationDetails(db: Db, registrationId: string): Promise<RegistrationDetails> {
  const [row] = await db
    .select({
      id: registrations.id,
      teamName: registrations.teamName,
      amountPaise: registrations.amountPaise,
      eventId: events.id,
      eventName: events.name,
      startsAt: events.startsAt,
      venue: events.venue,
      poc1Name: events.poc1Name,
      poc1PhoneNo: events.poc1PhoneNo,
      poc2Name: events.poc2Name,
      poc2PhoneNo: events.poc2PhoneNo,
      optionName: participationOptions.participationName,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(participationOptions, eq(participationOptions.id, registrations.participationId))
    .where(eq(registrations.id, registrationId));
  if (!row) throw new Error(`registration ${registrationId} not found`);
  const members = await db
    .select({
      memberId: registrationMembers.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isLeader: registrationMembers.isLeader,
    })
    .from(registrationMembers)
    .innerJoin(users, eq(users.id, registrationMembers.userId))
    .where(
      and(eq(registrationMembers.registrationId, registrationId), isNull(registrationMembers.cancelledAt)),
    )
    .orderBy(asc(registrationMembers.position));
  return {
    registrationId: row.id,
    eventName: row.eventName,
    optionName: row.optionName,
    teamName: row.teamName,
    members: members.map((m) => ({
      memberId: m.memberId,
      fullName: `${m.firstName} ${m.lastName}`,
      email: m.email,
      isLeader: m.isLeader,
    })),
    amountPaise: row.amountPaise,
    pocs: [
      { name: row.poc1Name, phone: row.poc1PhoneNo },
      ...(row.poc2Name && row.poc2PhoneNo ? [{ name: row.poc2Name, phone: row.poc2PhoneNo }] : []),
    ],
    startsAt: row.startsAt,
    venue: row.venue,
    sessions: await sessionsOfEvents(db, [row.eventId]),
  };
}

/**
 * Queues every member of a registration its confirmation, once, in the transaction that made the
 * registration; each teammate's carries their leave link.
 */
export async function mailRegistration(
  tx: Tx,
  registrationId: string,
  mail: PendingMail,
  /** Only these members (a team change's newcomers); everyone when left out. */
  onlyMemberIds?: readonly string[],
): Promise<void> {
  const details = await registrationDetails(tx, registrationId);
  const told = details.members.filter((m) => !onlyMemberIds || onlyMemberIds.includes(m.memberId));
  const passes = await passMailPartsByEmail(
    tx,
    told.map((m) => m.email),
  );
  // A teammate's leave link works until the event's end (its last session as the timetable stands now).
  const leaveUntil = leaveLinkExpiry(details.sessions);
  for (const member of told) {
    const leaveUrl = member.isLeader ? null : leaveTeamUrl(member.memberId, leaveUntil);
    await mail.add(tx, registrationConfirmationMail(member, details, passes.get(member.email), leaveUrl));
  }
}

/** insertRegistration's refusals that mean a paid team cannot be registered: its payment is refunded. */
const undeliverableReasons = new Set(['full', 'already_registered']);

/**
 * Whether a refusal of a paid registration means it cannot be delivered, answered in the refusal's own
 * words: the option full (a limit set or reached after an order without a hold), a member registered
 * meanwhile, or the option itself removed since the order (a 410 from the places and stock code, which
 * also answers it to the screens; checked by looking, as the refusal carries no reason). Anything else
 * is not, and stays the error it is.
 */
async function undeliverable(tx: Tx, item: EventOrderItem, error: unknown): Promise<CannotDeliver | null> {
  if (!(error instanceof AppError)) return null;
  if (error.reason && undeliverableReasons.has(error.reason)) return new CannotDeliver(error.message);
  if (error.code !== 'gone') return null;
  const [option] = await tx
    .select({ id: participationOptions.id })
    .from(participationOptions)
    .where(eq(participationOptions.id, item.participationId));
  return option ? null : new CannotDeliver(error.message);
}

export const eventRegistrationFulfiller: Fulfiller = {
  async fulfil(tx, order) {
    const item = orderItem(order, 'event');
    try {
      await insertRegistration(tx, {
        eventId: item.eventId,
        participationId: item.participationId,
        teamName: item.teamName,
        memberUserIds: item.memberUserIds,
        paymentOrderId: order.id,
        amountPaise: order.amountPaise,
        isDaStudent: item.isDaStudent,
      });
    } catch (error) {
      throw (await undeliverable(tx, item, error)) ?? error;
    }
  },
  async notify(tx, order, mail) {
    const [registration] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.paymentOrderId, order.id));
    if (registration) await mailRegistration(tx, registration.id, mail);
  },
  async notifyRefund(tx, order, reason, mail) {
    const item = orderItem(order, 'event');
    const buyer = await mailRecipient(tx, order.userId);
    const [event] = await tx.select({ name: events.name }).from(events).where(eq(events.id, item.eventId));
    if (!buyer) return;
    await mail.add(
      tx,
      refundNoticeMail(buyer, {
        what: `${event?.name ?? 'an event'} registration`,
        amountPaise: order.amountPaise,
        reason,
      }),
    );
  },
};

/** Live registrations among these users for an event (for the "already registered" check). */
export async function registeredAmong(db: Db, eventId: number, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: registrationMembers.userId })
    .from(registrationMembers)
    .where(
      and(
        eq(registrationMembers.eventId, eventId),
        inArray(registrationMembers.userId, userIds),
        isNull(registrationMembers.cancelledAt),
      ),
    );
  return rows.map((r) => r.userId);
}
