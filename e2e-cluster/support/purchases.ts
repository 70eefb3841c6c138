import { expect, type APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, type TestAccount } from '../../e2e/support/accounts';

/*
 * A paid event registration that crosses instances, as the cluster journeys make it: the order is made on
 * instance A, paid on instance B (the sandbox sends its webhook to the app in the instance that took the pay
 * call, so B settles it), and the browser's own confirmation call lands on A.
 */

interface FestivalEvent {
  id: number;
  name: string;
  isRegistrationOpen: boolean;
  participations: { id: number; price: number; min_range: number; max_range: number }[];
}

/** Every open paid option for one person in the seeded categories (at most one per event), in order. */
export async function paidSoloOptions(request: APIRequestContext) {
  const found: { event: FestivalEvent; option: FestivalEvent['participations'][number] }[] = [];
  const answer = await request.get('/api/admin/event-category/get-event-category');
  const categories = ((await answer.json()) as { data: { id: number }[] }).data;
  for (const category of categories) {
    const list = await request.get(`/api/admin/event-category/get-events-by-category/${category.id}`);
    for (const event of ((await list.json()) as { data: FestivalEvent[] }).data) {
      if (!event.isRegistrationOpen) continue;
      const option = event.participations.find((o) => o.price > 0 && o.min_range === 1);
      if (option) found.push({ event, option });
    }
  }
  return found;
}

/** An open paid option for one person in any seeded category. */
export async function paidSoloOption(request: APIRequestContext) {
  const [first] = await paidSoloOptions(request);
  if (!first) throw new Error('The seed has no open paid option for one person');
  return first;
}

export interface CrossInstancePurchase {
  leader: TestAccount;
  event: FestivalEvent;
  payData: { razorpay_payment_id: string };
}

/** A new account's paid registration: ordered on `a`, paid on `b`, confirmed on `a` (answered 201). */
export async function registerPaidAcrossInstances(
  a: APIRequestContext,
  b: APIRequestContext,
  request: APIRequestContext,
  firstName: string,
): Promise<CrossInstancePurchase> {
  const { event, option } = await paidSoloOption(request);
  const leader = await createVerifiedAccount(a, { first_name: firstName });
  const auth = { authorization: `Bearer ${leader.token}` };

  const created = await a.post('/api/payment/create-event-order', {
    headers: auth,
    data: { amount: option.price, eventId: event.id, participationId: option.id, emails: [leader.email] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId = ((await created.json()) as { data: { order: { id: string } } }).data.order.id;

  const paid = await b.post('/sandbox/razorpay/v1/checkout/pay', {
    data: { order_id: orderId, outcome: 'success' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const payData = (await paid.json()) as { razorpay_payment_id: string };

  const registered = await a.post(`/api/event-register/event-registration/${event.id}`, {
    headers: auth,
    data: {
      registerData: {
        emails: [leader.email],
        isDAStudent: false,
        teamName: null,
        participationId: option.id,
      },
      payData,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { leader, event, payData };
}
