import 'server-only';
import { and, asc, desc, eq, inArray, isNull, min } from 'drizzle-orm';
import type { MyPlans } from '@/lib/schemas/changes';
import { now } from '@/lib/server/clock';
import type { Db } from '@/lib/server/db';
import {
  accommodationBookings,
  accommodationOptions,
  accommodationTypes,
  eventSessions,
  events,
  merchandiseOrderLines,
  merchandiseOrders,
  merchandiseProducts,
  merchandiseVariants,
  participationOptions,
  registrationMembers,
  registrations,
} from '@/lib/server/db/schema';
import { eventRules, productRules, stayTypeRules, teeOrderTerms } from './rule-columns';
import { changeTerms, eventFreezeAt, shopFreezeAt } from './rules';

/** The participant's live plans for the profile, each with its freeze and what cancelling gives back now. */
export async function myPlans(db: Db, userId: string): Promise<MyPlans> {
  const at = now();
  const registered = await db
    .select({
      id: registrations.id,
      eventId: events.id,
      eventName: events.name,
      optionName: participationOptions.participationName,
      teamName: registrations.teamName,
      leaderUserId: registrations.leaderUserId,
      paidPaise: registrations.amountPaise,
      startsAt: events.startsAt,
      ...eventRules,
    })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(participationOptions, eq(participationOptions.id, registrations.participationId))
    .where(and(eq(registrationMembers.userId, userId), isNull(registrationMembers.cancelledAt)))
    .orderBy(asc(events.name));
  const firstSessions = registered.length
    ? await db
        .select({ eventId: eventSessions.eventId, at: min(eventSessions.startsAt) })
        .from(eventSessions)
        .where(
          inArray(
            eventSessions.eventId,
            registered.map((r) => r.eventId),
          ),
        )
        .groupBy(eventSessions.eventId)
    : [];
  const firstOf = new Map(firstSessions.map((s) => [s.eventId, s.at]));

  const lines = await db
    .select({
      id: merchandiseOrders.id,
      totalPaise: merchandiseOrders.totalPaise,
      linePaise: merchandiseOrderLines.lineTotalPaise,
      qty: merchandiseOrderLines.qty,
      size: merchandiseVariants.type,
      product: merchandiseProducts.name,
      ...productRules,
    })
    .from(merchandiseOrders)
    .innerJoin(merchandiseOrderLines, eq(merchandiseOrderLines.orderId, merchandiseOrders.id))
    .innerJoin(merchandiseVariants, eq(merchandiseVariants.id, merchandiseOrderLines.variantId))
    .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
    .where(and(eq(merchandiseOrders.userId, userId), eq(merchandiseOrders.status, 'confirmed')))
    .orderBy(desc(merchandiseOrders.createdAt), asc(merchandiseVariants.position));
  const orders = new Map<string, typeof lines>();
  for (const line of lines) orders.set(line.id, [...(orders.get(line.id) ?? []), line]);

  const [stay] = await db
    .select({
      id: accommodationBookings.id,
      paidPaise: accommodationBookings.amountPaise,
      typeName: accommodationTypes.accommodationType,
      startDate: accommodationOptions.startDate,
      ...stayTypeRules,
    })
    .from(accommodationBookings)
    .innerJoin(accommodationOptions, eq(accommodationOptions.id, accommodationBookings.optionId))
    .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
    .where(and(eq(accommodationBookings.userId, userId), eq(accommodationBookings.status, 'confirmed')));

  return {
    registrations: registered.map((r) => ({
      id: r.id,
      eventId: r.eventId,
      eventName: r.eventName,
      optionName: r.optionName,
      teamName: r.teamName,
      isLeader: r.leaderUserId === userId,
      paidPaise: r.paidPaise,
      terms: changeTerms(r, eventFreezeAt(r, firstOf.get(r.eventId) ?? r.startsAt), r.paidPaise, at),
    })),
    merchandiseOrders: [...orders.entries()].map(([id, orderLines]) => {
      const terms = teeOrderTerms(orderLines, at);
      const paidPaise = orderLines[0]!.totalPaise;
      return {
        id,
        summary: terms.summary,
        paidPaise,
        terms: {
          freezeAt: terms.freezeAt.toISOString(),
          open: at < terms.freezeAt,
          refundPaise: terms.refundPaise,
          refundLabel: terms.refundLabel,
        },
      };
    }),
    stay: stay
      ? {
          id: stay.id,
          summary: `${stay.typeName} from ${stay.startDate}`,
          paidPaise: stay.paidPaise,
          terms: changeTerms(stay, shopFreezeAt(stay), stay.paidPaise, at),
        }
      : null,
  };
}
