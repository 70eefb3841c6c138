import 'server-only';
import { and, asc, desc, eq, inArray, isNull, min } from 'drizzle-orm';
import type { MyPlans } from '@/lib/schemas/changes';
import { now } from '@/lib/server/clock';
import type { Db } from '@/lib/server/db';
import {
  accommodationBookings,
  eventSessions,
  events,
  merchandiseOrders,
  merchandiseVariants,
  participationOptions,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { unitsLeftColumn } from '@/lib/server/inventory';
import {
  changeTerms,
  eventRules,
  itemTerms,
  staysWithRules,
  stayTerms,
  teeOrderLines,
  teeOrderTerms,
} from './item-terms';
import { eventFreezeAt } from './rules';

/**
 * The sizes of some products in the shop's order, each with what is left of it now (a glance, by the
 * inventory's rule; the size change counts again under the lock). The buyer's own unpaid holds count as
 * left to them, as the shop shows them.
 */
async function productSizes(db: Db, productIds: number[], userId: string) {
  const bySize = new Map<number, { id: number; size: string; enabled: boolean; left: number }[]>();
  if (productIds.length === 0) return bySize;
  const rows = await db
    .select({
      id: merchandiseVariants.id,
      productId: merchandiseVariants.productId,
      size: merchandiseVariants.type,
      enabled: merchandiseVariants.isEnabled,
      left: unitsLeftColumn.merchandise_variant(userId),
    })
    .from(merchandiseVariants)
    .where(inArray(merchandiseVariants.productId, [...new Set(productIds)]))
    .orderBy(asc(merchandiseVariants.position), asc(merchandiseVariants.id));
  for (const row of rows) {
    const sizes = bySize.get(row.productId) ?? [];
    sizes.push({ id: row.id, size: row.size, enabled: row.enabled, left: Number(row.left ?? 0) });
    bySize.set(row.productId, sizes);
  }
  return bySize;
}

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
      minMembers: participationOptions.minRange,
      maxMembers: participationOptions.maxRange,
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
  const memberRows = registered.length
    ? await db
        .select({
          registrationId: registrationMembers.registrationId,
          userId: registrationMembers.userId,
          isLeader: registrationMembers.isLeader,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(registrationMembers)
        .innerJoin(users, eq(users.id, registrationMembers.userId))
        .where(
          and(
            inArray(
              registrationMembers.registrationId,
              registered.map((r) => r.id),
            ),
            isNull(registrationMembers.cancelledAt),
          ),
        )
        .orderBy(asc(registrationMembers.position))
    : [];
  // A teammate's e-mail is shown to the team's leader only, who typed it in the first place.
  const membersOf = (registrationId: string, leads: boolean) =>
    memberRows
      .filter((m) => m.registrationId === registrationId)
      .map((m) => ({
        userId: m.userId,
        name: `${m.firstName} ${m.lastName}`,
        isLeader: m.isLeader,
        ...(leads ? { email: m.email } : {}),
      }));

  const lines = await teeOrderLines(db)
    .where(and(eq(merchandiseOrders.userId, userId), eq(merchandiseOrders.status, 'confirmed')))
    .orderBy(desc(merchandiseOrders.createdAt), asc(merchandiseVariants.position));
  const orders = new Map<string, typeof lines>();
  for (const line of lines) orders.set(line.orderId, [...(orders.get(line.orderId) ?? []), line]);

  const sizesOf = await productSizes(
    db,
    lines.map((line) => line.productId),
    userId,
  );

  const [stay] = await staysWithRules(db).where(
    and(eq(accommodationBookings.userId, userId), eq(accommodationBookings.status, 'confirmed')),
  );
  const stayNow = stay && { ...stay, ...stayTerms(stay, at) };

  return {
    registrations: registered.map((r) => ({
      id: r.id,
      eventId: r.eventId,
      eventName: r.eventName,
      optionName: r.optionName,
      teamName: r.teamName,
      isLeader: r.leaderUserId === userId,
      paidPaise: r.paidPaise,
      terms: changeTerms(
        itemTerms(r, eventFreezeAt(r, firstOf.get(r.eventId) ?? r.startsAt), r.paidPaise, at),
        at,
      ),
      members: membersOf(r.id, r.leaderUserId === userId),
      minMembers: r.minMembers,
      maxMembers: r.maxMembers,
    })),
    merchandiseOrders: [...orders.entries()].map(([id, orderLines]) => {
      const terms = teeOrderTerms(orderLines, at);
      return {
        id,
        summary: terms.summary,
        paidPaise: orderLines[0]!.totalPaise,
        terms: changeTerms(terms, at),
        lines: orderLines.map((line) => ({
          id: line.lineId,
          productName: line.product,
          size: line.size,
          qty: line.qty,
          sizes: (sizesOf.get(line.productId) ?? []).map((size) => ({
            size: size.size,
            available: size.id === line.variantId || (size.enabled && size.left >= line.qty),
          })),
        })),
      };
    }),
    stay: stayNow
      ? {
          id: stayNow.id,
          summary: stayNow.summary,
          paidPaise: stayNow.amountPaise,
          terms: changeTerms(stayNow, at),
        }
      : null,
  };
}
