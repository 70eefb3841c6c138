import 'server-only';
import { toRupees } from '@/lib/money';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Profile } from '@/lib/schemas/auth';
import type { Db } from '@/lib/server/db';
import {
  accommodationBookings,
  eventCategories,
  events,
  merchandiseOrderLines,
  merchandiseOrders,
  merchandiseVariants,
  registrationMembers,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';

/** The profile of SPEC.md part 3 for its owner: details, live event registrations, accommodation paid, T-shirt orders. */
export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [user] = await db
    .select({
      userId: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      phone_number: users.phoneNumber,
      DOB: users.dob,
      gender: users.gender,
      Clg: users.college,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError('not_found', 'This account no longer exists.');
  const registrationsDetails = await db
    .select({ eventId: events.id, eventName: events.name, eventCategoryName: eventCategories.name })
    .from(registrationMembers)
    .innerJoin(events, eq(events.id, registrationMembers.eventId))
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(and(eq(registrationMembers.userId, userId), isNull(registrationMembers.cancelledAt)))
    .orderBy(asc(events.startsAt), asc(events.name));
  const [booking] = await db
    .select({ id: accommodationBookings.id })
    .from(accommodationBookings)
    .where(and(eq(accommodationBookings.userId, userId), eq(accommodationBookings.status, 'confirmed')))
    .limit(1);
  const orders = await db
    .select({
      id: merchandiseOrders.id,
      createdAt: merchandiseOrders.createdAt,
      totalPaise: merchandiseOrders.totalPaise,
      size: merchandiseVariants.type,
      qty: merchandiseOrderLines.qty,
    })
    .from(merchandiseOrders)
    .innerJoin(merchandiseOrderLines, eq(merchandiseOrderLines.orderId, merchandiseOrders.id))
    .innerJoin(merchandiseVariants, eq(merchandiseVariants.id, merchandiseOrderLines.variantId))
    .where(and(eq(merchandiseOrders.userId, userId), eq(merchandiseOrders.status, 'confirmed')))
    .orderBy(desc(merchandiseOrders.createdAt), asc(merchandiseVariants.position));
  const merchandise = new Map<string, Profile['merchandiseOrders'][number]>();
  for (const row of orders) {
    const order = merchandise.get(row.id) ?? {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      totalPrice: toRupees(row.totalPaise),
      lines: [],
    };
    order.lines.push({ size: row.size, qty: row.qty });
    merchandise.set(row.id, order);
  }
  return {
    ...user,
    accomodationTaken: booking !== undefined,
    registrationsDetails,
    merchandiseOrders: [...merchandise.values()],
  };
}
