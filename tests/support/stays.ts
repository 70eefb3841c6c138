import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as confirmStay } from '@/app/api/accommodation/confirm-user-accommodation/route';
import { POST as upload } from '@/app/api/admin/upload/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import type { RefundPolicy } from '@/lib/schemas/changes';
import type { Db } from '@/lib/server/db';
import { accommodationBookings, accommodationOptions, accommodationTypes } from '@/lib/server/db/schema';
import { quickUser } from './accounts';
import { call, multipartRequest } from './api';
import { newStay } from './fixtures';
import { sandboxPay } from './sandbox';

type Person = Awaited<ReturnType<typeof quickUser>>;

/** `person`'s identity proof, uploaded as the stay's form uploads it; its address. */
export async function uploadProof(person: Person): Promise<string> {
  const response = await upload(multipartRequest('http://localhost/api/admin/upload', person.token), {
    params: Promise.resolve({}),
  });
  const body = (await response.json()) as { data: { url: string } };
  return body.data.url;
}

/**
 * A new guest's paid and confirmed one-night stay (₹ 500) in a new stay type of `capacity` places, the type
 * under `refundPolicy` for cancellations, booked through the routes the accommodation page calls.
 */
export async function paidStay(
  db: Db,
  options: { label: string; capacity: number; refundPolicy?: RefundPolicy; guest?: Person },
) {
  const option = await newStay(db, {
    label: options.label,
    capacity: options.capacity,
    pricePerNight: 500,
    days: 1,
  });
  if (options.refundPolicy) {
    const [row] = await db.select().from(accommodationOptions).where(eq(accommodationOptions.id, option.id));
    await db
      .update(accommodationTypes)
      .set({ refundPolicy: options.refundPolicy })
      .where(eq(accommodationTypes.id, row!.typeId));
  }
  const guest = options.guest ?? (await quickUser(db));
  const proof = await uploadProof(guest);
  const created = await call<{ data: { order: { id: string } } }>(createStayOrder, {
    token: guest.token,
    body: { amount: 500, accommodationId: option.id, identityProofUrl: proof },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const payData = await sandboxPay(created.body.data.order.id);
  const confirmed = await call(confirmStay, {
    token: guest.token,
    body: { userId: guest.userId, accommodationId: option.id, identityProofUrl: proof, payData },
  });
  expect(confirmed.status).toBe(201);
  const [booking] = await db
    .select()
    .from(accommodationBookings)
    .where(eq(accommodationBookings.userId, guest.userId));
  return { guest, bookingId: booking!.id, option };
}
