import { expect, test, type APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, outboxFor } from '../e2e/support/accounts';
import { closeInstances, openInstances, skipWithoutCluster, type Instances } from './support/contexts';

/*
 * A payment that crosses instances: the order is made on instance A, paid on instance B (the sandbox sends
 * its webhook to the app in the instance that took the pay call, so B settles it), and the browser's own
 * confirmation call lands on A. The webhook and that call race on two processes; the result must be one
 * registration, one paid order and one confirmation mail.
 */

skipWithoutCluster();

interface FestivalEvent {
  id: number;
  name: string;
  isRegistrationOpen: boolean;
  participations: { id: number; price: number; min_range: number; max_range: number }[];
}

/** An open paid option for one person in any seeded category. */
async function paidSoloOption(request: APIRequestContext) {
  const answer = await request.get('/api/admin/event-category/get-event-category');
  const categories = ((await answer.json()) as { data: { id: number }[] }).data;
  for (const category of categories) {
    const list = await request.get(`/api/admin/event-category/get-events-by-category/${category.id}`);
    for (const event of ((await list.json()) as { data: FestivalEvent[] }).data) {
      if (!event.isRegistrationOpen) continue;
      const option = event.participations.find((o) => o.price > 0 && o.min_range === 1);
      if (option) return { event, option };
    }
  }
  throw new Error('The seed has no open paid option for one person');
}

let instances: Instances | undefined;
test.beforeAll(async () => {
  instances = await openInstances();
});
test.afterAll(async () => closeInstances(instances));

test('a payment started on A and paid on B makes one registration, one order and one mail', async ({
  request,
}) => {
  const { a, b } = instances!;
  const { event, option } = await paidSoloOption(request);
  const leader = await createVerifiedAccount(a, { first_name: 'Cedric' });
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

  const organiser = await organiserAccount(request);
  const asOrganiser = { authorization: `Bearer ${organiser.token}` };
  const confirmations = async () =>
    (await outboxFor(request, leader.email)).filter((mail) =>
      mail.subject.includes('you are registered for'),
    );
  await expect.poll(async () => (await confirmations()).length).toBe(1);

  // Let the webhook on B finish whatever it would still do, then count again.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await confirmations()).toHaveLength(1);

  const listed = await request.get(`/api/admin/registrations?q=${encodeURIComponent(leader.email)}`, {
    headers: asOrganiser,
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const registrations = (
    (await listed.json()) as { data: { total: number; items: { paymentId: string | null }[] } }
  ).data;
  expect(registrations.total).toBe(1);
  expect(registrations.items[0]?.paymentId).toBe(payData.razorpay_payment_id);

  const payments = await request.get(`/api/admin/payments?q=${encodeURIComponent(leader.email)}`, {
    headers: asOrganiser,
  });
  expect(payments.ok(), await payments.text()).toBe(true);
  const orders = ((await payments.json()) as { data: { total: number; items: { state: string }[] } }).data;
  expect(orders.total).toBe(1);
  expect(orders.items[0]?.state).toBe('fulfilled');
});
