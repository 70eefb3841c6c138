import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  consoleApi,
  createVerifiedAccount,
  organiserAccount,
  signIn,
  type TestAccount,
} from './support/accounts';
import { freeSoloEvent, registerFree } from './support/events';
import { scrollThrough, widerThanScreen } from './support/phone-screen';
import { firstProduct, onePixelPng, stayTypes } from './support/shop';

/*
 * The organisers' console on a small phone (360 × 780), signed in as the seeded organiser: the lists
 * (with rows, made here through the API and the payment sandbox) never widen the page, the gate's
 * Check-in is on the first screen of the console's menu and its answer shows without scrolling, and the
 * dashboard names only events people registered for, with a way to all of them.
 */

const screen = { width: 360, height: 780 };

const bearer = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/** Posts as `account`, expecting success, and answers the reply's `data`. */
async function post<T>(request: APIRequestContext, account: TestAccount, path: string, data: unknown) {
  const answer = await request.post(path, { headers: bearer(account), data });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** What the sandbox checkout's Pay button answers, for the purchase's confirmation. */
async function paySandbox(request: APIRequestContext, orderId: string) {
  const paid = await request.post('/sandbox/razorpay/v1/checkout/pay', {
    data: { order_id: orderId, outcome: 'success' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return (await paid.json()) as Record<string, string>;
}

/** A paid T-shirt of the first product's first available size. */
async function buyTShirt(request: APIRequestContext, buyer: TestAccount) {
  const product = await firstProduct(request);
  const size = product.variants.find((v) => v.isAvailable);
  if (!size) throw new Error('The seeded first product has no size in stock');
  const cart = [{ variantId: size.id, qty: 1 }];
  const { order } = await post<{ order: { id: string } }>(
    request,
    buyer,
    '/api/payment/create-merchandise-order',
    {
      amount: product.price,
      cart,
    },
  );
  const payData = await paySandbox(request, order.id);
  const ordered = await request.post('/api/merchandise/order-merchandise', {
    headers: bearer(buyer),
    data: { userId: buyer.userId, cart: [{ ...cart[0], totalPrice: product.price }], payData },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
}

/** A paid stay of a priced type with places left, with an identity proof uploaded first. */
async function bookStay(request: APIRequestContext, guest: TestAccount) {
  const stay = (await stayTypes(request))
    .map((type) => ({ type, option: type.accommodations.find((o) => o.isAvailable) }))
    .find(({ type, option }) => type.accomodationPrice !== null && option);
  if (!stay?.option || stay.type.accomodationPrice === null) throw new Error('The seed has no bookable stay');
  const uploaded = await request.post('/api/admin/upload', {
    headers: bearer(guest),
    multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: onePixelPng } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const proof = ((await uploaded.json()) as { data: { url: string } }).data.url;
  const accommodationId = stay.option.id;
  const { order } = await post<{ order: { id: string } }>(
    request,
    guest,
    '/api/payment/create-accomodation-order',
    {
      amount: stay.type.accomodationPrice * stay.option.Days,
      accommodationId,
      identityProofUrl: proof,
    },
  );
  const payData = await paySandbox(request, order.id);
  const booked = await request.post('/api/accommodation/confirm-user-accommodation', {
    headers: bearer(guest),
    data: { userId: guest.userId, accommodationId, identityProofUrl: proof, payData },
  });
  expect(booked.status(), await booked.text()).toBe(201);
}

/** A participant registered for a free event, with a paid T-shirt and a paid stay: a row in every list. */
async function busyGuest(request: APIRequestContext, firstName: string): Promise<TestAccount> {
  const guest = await createVerifiedAccount(request, { first_name: firstName, last_name: 'Lovegood' });
  const { event, option } = await freeSoloEvent(request);
  const registered = await registerFree(request, guest, event.id, option.id);
  expect(registered.status(), await registered.text()).toBe(201);
  await buyTShirt(request, guest);
  await bookStay(request, guest);
  return guest;
}

/** The code of `account`'s festival pass, as their profile shows it. */
async function passCode(request: APIRequestContext, account: TestAccount): Promise<string> {
  const answer = await request.get('/api/my-pass', { headers: bearer(account) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { code: string } }).data.code;
}

/** Fails when the page is wider than the phone, naming what sticks out. */
async function expectFitsScreen(page: Page, label: string) {
  const { width, culprits } = await widerThanScreen(page);
  expect(width, `${label} is ${width} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(screen.width);
}

/** True when the whole of `locator` is inside the viewport (below the top edge, above the bottom). */
async function wholeOnScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= screen.height &&
    box.x + box.width <= screen.width
  );
}

test.describe('the console on a phone', () => {
  test.use({ viewport: screen });
  test.describe.configure({ timeout: 120_000 });

  test('no list with rows is wider than the screen', async ({ page, request }) => {
    const organiser = await organiserAccount(request);
    const guest = await busyGuest(request, 'Luna');
    // A check-in through the console API: a row in the audit log, with its long pass id.
    await consoleApi(request, organiser)('post', '/api/admin/check-in', {
      code: await passCode(request, guest),
    });
    await signIn(page, organiser);

    const lists = [
      { path: '/admin/payments', region: 'Payments' },
      { path: '/admin/bookings', region: 'Bookings' },
      { path: '/admin/registrations', region: 'Registrations' },
      { path: '/admin/merchandise-orders', region: 'T-shirt order lines' },
    ];
    for (const list of lists) {
      // The guest's own rows, whatever else earlier tests left on the first page.
      await page.goto(`${list.path}?q=${encodeURIComponent(guest.email)}`);
      const rows = page.getByRole('region', { name: list.region, exact: true }).getByRole('row');
      await expect(rows.filter({ hasText: guest.email }).first()).toBeAttached();
      await expectFitsScreen(page, `${list.path} as loaded`);
      await scrollThrough(page);
      await expectFitsScreen(page, `${list.path} scrolled through`);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The site menu's button stays on screen (a wide page pushed it off).
      expect(
        await wholeOnScreen(page.getByRole('button', { name: 'Open menu' })),
        `${list.path}: menu button`,
      ).toBe(true);
    }

    await page.goto('/admin/audit');
    await expect(page.getByRole('listitem').filter({ hasText: 'check_in' }).first()).toBeVisible();
    await expectFitsScreen(page, '/admin/audit');
    await page.getByText('Before and after').first().click();
    await expectFitsScreen(page, '/admin/audit with a change opened');

    // People is for admins: the seeded organiser is turned away, and the page that says so fits too.
    await page.goto('/admin/people');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expectFitsScreen(page, '/admin/people');
  });

  test('the gate is on the first screen of the console menu, and its answer shows without scrolling', async ({
    page,
    request,
  }) => {
    const guest = await busyGuest(request, 'Xenophilius');
    const code = await passCode(request, guest);
    await signIn(page, await organiserAccount(request));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // One button names the current section and folds the menu; Check-in is in the first screen when open.
    const menu = page.getByRole('navigation', { name: 'Console' });
    const sections = menu.getByRole('button', { name: /^Console sections/ });
    await expect(sections).toHaveAccessibleName(/^Console sections\s*Dashboard$/);
    await expect(sections).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Check-in' })).toBeHidden();
    expect(await wholeOnScreen(sections)).toBe(true);
    await sections.click();
    await expect(sections).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const checkIn = menu.getByRole('link', { name: 'Check-in' });
    expect(await wholeOnScreen(checkIn)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await checkIn.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await expect(sections).toHaveAccessibleName(/^Console sections\s*Check-in$/);
    await expect(sections).toHaveAttribute('aria-expanded', 'false');
    await sections.click();
    await expect(menu.getByRole('link', { name: 'Check-in' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(sections).toHaveAttribute('aria-expanded', 'false');
    await expect(sections).toBeFocused();

    // The organiser types the code at the bottom of the screen; the answer is then in view, all of it.
    const field = page.getByLabel('Pass code');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await field.fill(code);
    await page.getByRole('button', { name: 'Check in' }).click();
    const result = page.getByTestId('check-in-result');
    await expect(result).toContainText('Checked in');
    await expect(result).toContainText('Xenophilius Lovegood');
    await expect.poll(() => wholeOnScreen(result)).toBe(true);
    await expect(page.getByRole('status').filter({ has: result })).toHaveAttribute('aria-live', 'polite');

    // Scrolled away again, a refused code is shown on screen too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await field.fill('not a pass');
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('This pass is not valid.');
    await expect.poll(() => wholeOnScreen(result)).toBe(true);
    await expectFitsScreen(page, '/admin/check-in with a result');
  });

  test('the dashboard names only events with registrations, and offers all of them', async ({
    page,
    request,
  }) => {
    const { event, option } = await freeSoloEvent(request);
    const participant = await createVerifiedAccount(request, { first_name: 'Ginny' });
    const registered = await registerFree(request, participant, event.id, option.id);
    expect(registered.status(), await registered.text()).toBe(201);
    await signIn(page, await organiserAccount(request));
    await page.goto('/admin');

    const busiest = page.getByRole('table', {
      name: /^(The [\d,]+ events with the most registrations|Events with registrations)$/,
    });
    const rows = busiest.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(10);
    for (const figure of await rows.locator('td').allTextContents()) {
      expect(figure).not.toMatch(/^0 registrations/);
    }
    // Every event waits behind the disclosure, which says how many there are.
    const everyEvent = page.getByRole('table', { name: /^Registrations per event in / });
    await expect(everyEvent).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Every registration, with filters' })).toHaveAttribute(
      'href',
      '/admin/registrations',
    );
    await expectFitsScreen(page, '/admin');
    await page.getByText(/^Show all [\d,]+ events$/).click();
    await expect(everyEvent.first()).toBeVisible();
    const eventRow = new RegExp(`^${event.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await expect(everyEvent.getByRole('row', { name: eventRow }).first()).toBeVisible();
    await expectFitsScreen(page, '/admin with every event shown');
  });
});
