import { expect, test } from '@playwright/test';
import { createVerifiedAccount, outboxFor, uniqueEmail } from '../e2e/support/accounts';
import { skipSplash } from '../e2e/support/splash';
import {
  clientAddress,
  closeInstances,
  openInstances,
  skipWithoutCluster,
  type Instances,
} from './support/contexts';

/*
 * An account made on one instance works on the other: sign-up and the mailed code through instance A, log-in
 * through instance B, and the token B signed accepted by A. The sign-up code is mailed once.
 */

skipWithoutCluster();

let instances: Instances | undefined;
test.beforeAll(async () => {
  instances = await openInstances();
});
test.afterAll(async () => closeInstances(instances));

test('signs up through instance A and logs in through instance B', async ({ request }) => {
  const { a, b } = instances!;
  const email = uniqueEmail('cluster');
  const password = 'nimbus2000';
  const headers = { 'x-forwarded-for': clientAddress() };
  const registered = await a.post('/api/register', {
    headers,
    data: {
      first_name: 'Luna',
      last_name: 'Lovegood',
      phone_number: '9876543210',
      DOB: '2001-02-13',
      gender: 'female',
      Clg: 'Ravenclaw College',
      email,
      password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // The code, read from the shared outbox through the proxy, is checked on A.
  let code = '';
  await expect
    .poll(async () => {
      code = (await outboxFor(request, email))[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const validated = await a.post('/api/validate-otp', { headers, data: { email, otp: code } });
  expect(validated.ok(), await validated.text()).toBe(true);

  const login = await b.post('/api/login', { headers, data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };

  for (const instance of [a, b]) {
    const verified = await instance.get('/api/verify-token', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
  }

  // One sign-up, one code: no instance mailed it a second time.
  const mails = await outboxFor(request, email);
  expect(mails).toHaveLength(1);
});

test('an account made on instance A logs in through nginx in the browser and sees its profile', async ({
  page,
}) => {
  const account = await createVerifiedAccount(instances!.a, { first_name: 'Neville' });
  await skipSplash(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Welcome back Neville')).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(account.email)).toBeVisible();
});
