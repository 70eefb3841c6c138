import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createVerifiedAccount,
  organiserAccount,
  outboxFor,
  signIn,
  type TestAccount,
} from './support/accounts';

/*
 * The console's operations in the browser: a paid registration made in the test through the API and the
 * payment sandbox appears in the seeded organiser's registrations list, in the CSV the list exports, and in
 * the dashboard's figures; the dashboard passes axe.
 */

interface Option {
  id: number;
  participation_name: string;
  price: number;
  min_range: number;
  max_range: number;
}

interface FestivalEvent {
  id: number;
  name: string;
  isRegistrationOpen: boolean;
  participations: Option[];
}

/** An open paid option of the first category, the smallest team first (fewer accounts to make). */
async function paidOption(request: APIRequestContext) {
  const categories = await request.get('/api/admin/event-category/get-event-category');
  const { data } = (await categories.json()) as { data: { id: number; name: string }[] };
  const category = data[0];
  if (!category) throw new Error('The seed has no event category');
  const answer = await request.get(`/api/admin/event-category/get-events-by-category/${category.id}`);
  const events = ((await answer.json()) as { data: FestivalEvent[] }).data;
  const picked = events
    .filter((e) => e.isRegistrationOpen)
    .flatMap((event) => event.participations.filter((o) => o.price > 0).map((option) => ({ event, option })))
    .sort((a, b) => a.option.min_range - b.option.min_range)[0];
  if (!picked) throw new Error('The seeded first category has no open paid event');
  return { category, ...picked };
}

/** Registers a team through the API and pays in the sandbox, as the registration screen would. */
async function paidRegistration(request: APIRequestContext, college: string) {
  const { category, event, option } = await paidOption(request);
  const members: TestAccount[] = [];
  for (let i = 0; i < option.min_range; i += 1) {
    members.push(
      await createVerifiedAccount(request, { first_name: i === 0 ? 'Minerva' : 'Filius', Clg: college }),
    );
  }
  const leader = members[0]!;
  const auth = { authorization: `Bearer ${leader.token}` };
  const emails = members.map((m) => m.email);
  const teamName = option.min_range === option.max_range ? undefined : `Owls ${Date.now()}`;
  const created = await request.post('/api/payment/create-event-order', {
    headers: auth,
    data: { amount: option.price, eventId: event.id, participationId: option.id, emails, teamName },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { data: order } = (await created.json()) as { data: { order: { id: string } } };
  const paid = await request.post('/sandbox/razorpay/v1/checkout/pay', {
    data: { order_id: order.order.id, outcome: 'success' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const payData = (await paid.json()) as { razorpay_payment_id: string };
  const registered = await request.post(`/api/event-register/event-registration/${event.id}`, {
    headers: auth,
    data: {
      registerData: { emails, isDAStudent: false, teamName: teamName ?? null, participationId: option.id },
      payData,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { category, event, option, leader, paymentId: payData.razorpay_payment_id };
}

/**
 * The registrations figure of an event on the dashboard ("3 registrations, 5 participants"), read from
 * the list of every event (behind "Show all N events": the dashboard names only the busiest at first).
 */
async function dashboardCount(page: Page, categoryName: string, eventName: string): Promise<number> {
  await page.goto('/admin');
  await page.getByText(/^Show all [\d,]+ events$/).click();
  const table = page.getByRole('table', { name: `Registrations per event in ${categoryName}` });
  const row = table.getByRole('row', {
    name: new RegExp(`^${eventName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  const text = (await row.getByRole('cell').textContent()) ?? '';
  const match = text.match(/^([\d,]+) registrations?\b/);
  if (!match) throw new Error(`No registrations figure in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

test.describe('console operations', () => {
  test('an organiser sees a new registration on the dashboard and in the exported CSV', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    await signIn(page, organiser);
    const { category, event } = await paidOption(request);
    const before = await dashboardCount(page, category.name, event.name);

    const college = `Hogwarts Ops ${Date.now()}`;
    const made = await paidRegistration(request, college);

    expect(await dashboardCount(page, category.name, event.name)).toBe(before + 1);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const money = page.getByRole('table', { name: /^Money collected per purpose/ });
    await expect(money.getByRole('row', { name: /^Event registrations/ })).toContainText(
      /₹[\d,]+\.\d\d from \d+ payments?\b/,
    );

    await page.goto(`/admin/registrations?q=${encodeURIComponent(made.leader.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible();
    await expect(page.getByText('1 registration', { exact: true })).toBeVisible();
    const list = page.getByRole('region', { name: 'Registrations' });
    await expect(list).toContainText(made.leader.email);
    await expect(list).toContainText(made.paymentId);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await fs.readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      'Registration id,Registered at,Status,Category,Event,Option,Team,Members,E-mails,Phones,Colleges,Paid (INR),Payment id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(made.leader.email);
    expect(lines[1]).toContain(event.name);
    expect(lines[1]).toContain(college);
    expect(lines[1]).toContain(`${made.option.price.toFixed(2)},${made.paymentId}`);
  });

  test('an organiser refunds a registration from the payments list after confirming', async ({
    page,
    request,
  }) => {
    const made = await paidRegistration(request, `Ravenclaw Ops ${Date.now()}`);
    await signIn(page, await organiserAccount(request));
    await page.goto(`/admin/payments?q=${encodeURIComponent(made.leader.email)}`);
    const row = page.getByRole('row').filter({ hasText: made.leader.email });
    await expect(row).toContainText('fulfilled');
    const amount = `₹${made.option.price.toLocaleString('en-IN')}.00`;
    await row.getByRole('button', { name: `Refund ${amount} to Minerva ${made.leader.last_name}` }).click();

    const confirm = page.getByRole('form', { name: `Refund ${amount} to Minerva ${made.leader.last_name}` });
    await expect(confirm.getByLabel('Reason (mailed to the buyer)')).toBeFocused();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    ).toEqual([]);
    await confirm.getByLabel('Reason (mailed to the buyer)').fill('Event moved online');
    await confirm.getByRole('button', { name: 'Confirm refund' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Refunded' })).toBeVisible();
    await expect(row).toContainText('refunded');
    await expect(row.getByRole('button', { name: /^Refund/ })).toHaveCount(0);

    const data = await outboxFor(request, made.leader.email);
    const refundMail = data.find((m) => m.subject.includes('cancelled and refunded'));
    expect(refundMail?.text).toContain(`your registration for ${made.event.name}`);
    expect(refundMail?.text).toContain('Reason: Event moved online');

    await page.goto(`/admin/registrations?q=${encodeURIComponent(made.leader.email)}`);
    await expect(page.getByRole('region', { name: 'Registrations' })).toContainText('cancelled');
  });

  test('the dashboard passes axe', async ({ page, request }) => {
    await signIn(page, await organiserAccount(request));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    ).toEqual([]);
  });
});
