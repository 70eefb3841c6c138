import { expect, test } from '@playwright/test';
import { createVerifiedAccount } from '../e2e/support/accounts';
import { freeSoloEvent, registerFree } from '../e2e/support/events';
import { firstProduct } from '../e2e/support/shop';
import { expectCleanPage, expectText, fill, openPage, press, withFirefox, visit } from './support/firefox';

/*
 * A student's journeys in Firefox ESR: the home page, the events and a category, logging in, the
 * registration form's messages, the profile with its pass, and a T-shirt paid through the sandbox. Each
 * page must show what it says with no page error and no CSP violation (zod, for one, must not try eval).
 */

withFirefox();

test('the home page, the events and a category show their content', async ({ request }) => {
  const { event } = await freeSoloEvent(request);
  const watched = await openPage();
  await visit(watched, '/');
  await expectText(watched.page, 'Aetherfest 2027');
  await expectText(watched.page, 'THEME');
  await visit(watched, '/event');
  await expectText(watched.page, 'Events');
  await visit(watched, '/event/1');
  await expectText(watched.page, event.name);
  await expectCleanPage(watched, 'home, events, a category');
});

test('login refuses a wrong password with the server message', async ({ request }) => {
  const account = await createVerifiedAccount(request, { first_name: 'Ginny' });
  const watched = await openPage();
  await visit(watched, '/login');
  await fill(watched.page, 'Email', account.email);
  await fill(watched.page, 'Password', 'not-the-password');
  await press(watched.page, 'Log in');
  await expectText(watched.page, 'Login Failed');
  await expectText(watched.page, 'Invalid email or password.');
  expect(new URL(watched.page.url()).pathname).toBe('/login');
  await expectCleanPage(watched, 'login');
});

test('the registration form shows every required message on an empty submit', async () => {
  const watched = await openPage();
  await visit(watched, '/register');
  await press(watched.page, 'Get Otp');
  for (const message of [
    'This field is required',
    'Please select a gender',
    'College name is required',
    'Invalid email address',
  ]) {
    await expectText(watched.page, message);
  }
  expect(await watched.page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe(
    'true',
  );
  await expectCleanPage(watched, 'registration');
});

test('the profile shows the participant, their registration and their pass', async ({ request }) => {
  const { event, option } = await freeSoloEvent(request);
  const account = await createVerifiedAccount(request, { first_name: 'Cho', last_name: 'Chang' });
  const registered = await registerFree(request, account, event.id, option.id);
  expect(registered.status(), await registered.text()).toBe(201);
  const watched = await openPage({ account });
  await visit(watched, '/profile');
  await expectText(watched.page, 'Cho');
  await expectText(watched.page, event.name);
  const code = await watched.page.waitForFunction(
    () => document.querySelector('[data-testid="pass-code"]')?.textContent?.trim(),
    { timeout: 15_000 },
  );
  expect(await code.jsonValue()).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){7}$/);
  await expectCleanPage(watched, 'profile');
});

test('a T-shirt paid through the sandbox ends on Payment Success', async ({ request }) => {
  const product = await firstProduct(request);
  const size = product.variants.find((v) => v.isAvailable);
  if (!size) throw new Error('The seeded T-shirt has no size in stock');
  const account = await createVerifiedAccount(request, { first_name: 'Dean' });
  const watched = await openPage({ account });
  await visit(watched, '/merchandise');
  await expectText(watched.page, product.name);
  await press(watched.page, `Add size ${size.type} to cart`);
  await press(watched.page, 'Book your Merchandise');
  await watched.page.waitForSelector('[data-testid="sandbox-checkout"]', { timeout: 15_000 });
  await press(watched.page, 'Pay', '[data-testid="sandbox-checkout"] button');
  await expectText(watched.page, 'Payment Success');
  await expectCleanPage(watched, 'sandbox purchase');
});
