import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import {
  accommodationOptions,
  accommodationTypes,
  checkIns,
  eventCategories,
  events,
  merchandiseProducts,
  merchandiseVariants,
  paymentOrders,
  paymentPurposes,
  registrationMembers,
  registrations,
} from '@/lib/server/db/schema';

/*
 * The console dashboard's figures, each one query. Only live records count: confirmed registrations and
 * their members who were not cancelled; money is what fulfilled payments brought in (refunded ones are
 * no longer money collected, and are shown apart).
 */

const int = (expression: ReturnType<typeof sql>) => sql<number>`cast(${expression} as int)`;

export interface EventCount {
  eventId: number;
  eventName: string;
  registrations: number;
  participants: number;
}

export interface CategoryCount {
  categoryId: number;
  categoryName: string;
  registrations: number;
  participants: number;
  events: EventCount[];
}

/** Live registrations and participants per event, grouped by category; events with none are listed at 0. */
export async function registrationsByCategory(db: Db): Promise<CategoryCount[]> {
  const rows = await db
    .select({
      categoryId: eventCategories.id,
      categoryName: eventCategories.name,
      eventId: events.id,
      eventName: events.name,
      registrations: int(sql`count(distinct ${registrations.id})`),
      participants: int(sql`count(${registrationMembers.id})`),
    })
    .from(events)
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .leftJoin(registrations, and(eq(registrations.eventId, events.id), eq(registrations.status, 'confirmed')))
    .leftJoin(
      registrationMembers,
      and(eq(registrationMembers.registrationId, registrations.id), isNull(registrationMembers.cancelledAt)),
    )
    .groupBy(
      eventCategories.id,
      eventCategories.name,
      eventCategories.position,
      events.id,
      events.name,
      events.position,
    )
    .orderBy(asc(eventCategories.position), asc(eventCategories.id), asc(events.position), asc(events.id));
  const categories = new Map<number, CategoryCount>();
  for (const row of rows) {
    const category = categories.get(row.categoryId) ?? {
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      registrations: 0,
      participants: 0,
      events: [],
    };
    const event = {
      eventId: row.eventId,
      eventName: row.eventName,
      registrations: Number(row.registrations),
      participants: Number(row.participants),
    };
    category.events.push(event);
    category.registrations += event.registrations;
    category.participants += event.participants;
    categories.set(row.categoryId, category);
  }
  return [...categories.values()];
}

export interface ParticipationTotals {
  registrations: number;
  /** Registrations of two or more people. */
  teams: number;
  /** Places taken in events (a person in three events counts three times). */
  entries: number;
  /** Different people registered for at least one event. */
  participants: number;
}

export async function participationTotals(db: Db): Promise<ParticipationTotals> {
  const [row] = await db
    .select({
      registrations: int(sql`count(distinct ${registrations.id})`),
      entries: int(sql`count(${registrationMembers.id})`),
      participants: int(sql`count(distinct ${registrationMembers.userId})`),
    })
    .from(registrations)
    .innerJoin(
      registrationMembers,
      and(eq(registrationMembers.registrationId, registrations.id), isNull(registrationMembers.cancelledAt)),
    )
    .where(eq(registrations.status, 'confirmed'));
  const [teams] = await db
    .select({ n: int(sql`count(*)`) })
    .from(registrations)
    .where(
      and(
        eq(registrations.status, 'confirmed'),
        sql`(select count(*) from ${registrationMembers} m where m.registration_id = ${registrations.id} and m.cancelled_at is null) >= 2`,
      ),
    );
  return {
    registrations: Number(row?.registrations ?? 0),
    teams: Number(teams?.n ?? 0),
    entries: Number(row?.entries ?? 0),
    participants: Number(row?.participants ?? 0),
  };
}

export interface MoneyByPurpose {
  purpose: (typeof paymentPurposes)[number];
  /** Fulfilled payments: what the festival keeps. */
  collectedPaise: number;
  payments: number;
  refundedPaise: number;
  refunds: number;
}

/** Money kept per purpose (fulfilled payments; refunded ones are counted apart), every purpose listed. */
export async function moneyByPurpose(db: Db): Promise<MoneyByPurpose[]> {
  const rows = await db
    .select({
      purpose: paymentOrders.purpose,
      state: paymentOrders.state,
      paise: sql<string>`cast(sum(${paymentOrders.amountPaise}) as text)`,
      n: int(sql`count(*)`),
    })
    .from(paymentOrders)
    .where(sql`${paymentOrders.state} in ('fulfilled', 'refunded')`)
    .groupBy(paymentOrders.purpose, paymentOrders.state);
  return paymentPurposes.map((purpose) => {
    const fulfilled = rows.find((r) => r.purpose === purpose && r.state === 'fulfilled');
    const refunded = rows.find((r) => r.purpose === purpose && r.state === 'refunded');
    return {
      purpose,
      collectedPaise: Number(fulfilled?.paise ?? 0),
      payments: Number(fulfilled?.n ?? 0),
      refundedPaise: Number(refunded?.paise ?? 0),
      refunds: Number(refunded?.n ?? 0),
    };
  });
}

export interface SizeStock {
  productId: number;
  productName: string;
  size: string;
  sold: number;
  stock: number;
}

export async function merchandiseBySize(db: Db): Promise<SizeStock[]> {
  return db
    .select({
      productId: merchandiseProducts.id,
      productName: merchandiseProducts.name,
      size: merchandiseVariants.type,
      sold: merchandiseVariants.sold,
      stock: merchandiseVariants.stock,
    })
    .from(merchandiseVariants)
    .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
    .orderBy(
      asc(merchandiseProducts.position),
      asc(merchandiseProducts.id),
      asc(merchandiseVariants.position),
      asc(merchandiseVariants.id),
    );
}

export interface Occupancy {
  optionId: number;
  typeName: string;
  startDate: string;
  days: number;
  booked: number;
  capacity: number;
}

export async function accommodationOccupancy(db: Db): Promise<Occupancy[]> {
  return db
    .select({
      optionId: accommodationOptions.id,
      typeName: accommodationTypes.accommodationType,
      startDate: accommodationOptions.startDate,
      days: accommodationOptions.days,
      booked: accommodationOptions.booked,
      capacity: accommodationOptions.capacity,
    })
    .from(accommodationOptions)
    .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
    .orderBy(
      asc(accommodationOptions.startDate),
      asc(accommodationTypes.position),
      asc(accommodationTypes.id),
      asc(accommodationOptions.days),
    );
}

export interface DayCount {
  day: string;
  checkIns: number;
}

export async function checkInsByDay(db: Db): Promise<DayCount[]> {
  const rows = await db
    .select({ day: checkIns.festivalDay, checkIns: int(sql`count(*)`) })
    .from(checkIns)
    .groupBy(checkIns.festivalDay)
    .orderBy(asc(checkIns.festivalDay));
  return rows.map((r) => ({ day: r.day, checkIns: Number(r.checkIns) }));
}

export interface Dashboard {
  categories: CategoryCount[];
  totals: ParticipationTotals;
  money: MoneyByPurpose[];
  merchandise: SizeStock[];
  accommodation: Occupancy[];
  checkIns: DayCount[];
}

export async function loadDashboard(db: Db): Promise<Dashboard> {
  // One after another: the embedded database answers one query at a time anyway.
  const categories = await registrationsByCategory(db);
  const totals = await participationTotals(db);
  const money = await moneyByPurpose(db);
  const merchandise = await merchandiseBySize(db);
  const accommodation = await accommodationOccupancy(db);
  const days = await checkInsByDay(db);
  return { categories, totals, money, merchandise, accommodation, checkIns: days };
}
