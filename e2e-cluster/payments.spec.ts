import { expect, test } from '@playwright/test';
import { organiserAccount, outboxFor } from '../e2e/support/accounts';
import { closeInstances, openInstances, skipWithoutCluster, type Instances } from './support/contexts';
import { registerPaidAcrossInstances } from './support/purchases';

/*
 * A payment that crosses instances: the order is made on instance A, paid on instance B (the sandbox sends
 * its webhook to the app in the instance that took the pay call, so B settles it), and the browser's own
 * confirmation call lands on A. The webhook and that call race on two processes; the result must be one
 * registration, one paid order and one confirmation mail.
 */

skipWithoutCluster();

let instances: Instances | undefined;
test.beforeAll(async () => {
  instances = await openInstances();
});
test.afterAll(async () => closeInstances(instances));

test('a payment started on A and paid on B makes one registration, one order and one mail', async ({
  request,
}) => {
  const { a, b } = instances!;
  const { leader, payData } = await registerPaidAcrossInstances(a, b, request, 'Cedric');

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
