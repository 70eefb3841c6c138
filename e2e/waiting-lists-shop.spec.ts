import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createVerifiedAccount,
  organiserAccount,
  outboxFor,
  signIn,
  type TestAccount,
} from './support/accounts';
import {
  escapeRegExp,
  firstProduct,
  money,
  onePixelPng,
  stayLabel,
  stayTypes,
  type Product,
} from './support/shop';

/*
 * Waiting lists in the shop (issue 18, docs/waiting-lists.md): a sold-out T-shirt size and a full stay
 * are shown with "Join the waiting list"; the place in line shows on the profile, which can leave the
 * list; an organiser raising the stock (or a stay's capacity) through the console API makes an offer at
 * once, whose link (from the mail, or the profile's "Take the offer") opens the screen with the size or
 * stay chosen, and the payment goes through the sandbox checkout. The seed's XXL has no stock and its
 * "Twin room" from 22 February for 2 nights is full; whatever these tests raise is set back afterwards to
 * the seed's figure or, when something was sold meanwhile, to what is sold and held, so the other specs
 * find both still sold out. Every entry a test made is left in its finally.
 */

interface ConsoleSize {
  id: number;
  productId: number;
  type: string;
  stock: number;
  sold: number;
  held: number;
}

interface ConsoleStay {
  id: number;
  capacity: number;
  booked: number;
  held: number;
}

const bearer = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

async function consoleSize(request: APIRequestContext, product: Product, type: string): Promise<ConsoleSize> {
  const organiser = await organiserAccount(request);
  const answer = await request.get(`/api/admin/merchandise-variant?productId=${product.id}`, {
    headers: bearer(organiser),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const size = ((await answer.json()) as { data: ConsoleSize[] }).data.find((v) => v.type === type);
  if (!size) throw new Error(`The seeded tee has no size ${type}`);
  return size;
}

/** The organisers set a size's stock (raising it offers the freed units to its waiting list at once). */
async function setStock(request: APIRequestContext, sizeId: number, stock: number) {
  const organiser = await organiserAccount(request);
  const answer = await request.patch(`/api/admin/merchandise-variant/${sizeId}`, {
    headers: bearer(organiser),
    data: { stock },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Back to `stock`, or to what is sold and held when that is more (a sale made by the test stays). */
async function restoreStock(request: APIRequestContext, product: Product, type: string, stock: number) {
  const size = await consoleSize(request, product, type);
  await setStock(request, size.id, Math.max(stock, size.sold + size.held));
}

async function consoleStay(request: APIRequestContext, typeId: number, optionId: number) {
  const organiser = await organiserAccount(request);
  const answer = await request.get(`/api/admin/accommodation-option?typeId=${typeId}`, {
    headers: bearer(organiser),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const option = ((await answer.json()) as { data: ConsoleStay[] }).data.find((o) => o.id === optionId);
  if (!option) throw new Error(`No date option ${optionId} in type ${typeId}`);
  return option;
}

async function setCapacity(request: APIRequestContext, optionId: number, capacity: number) {
  const organiser = await organiserAccount(request);
  const answer = await request.patch(`/api/admin/accommodation-option/${optionId}`, {
    headers: bearer(organiser),
    data: { capacity },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The account leaves every list it is still on (which also passes a standing offer on). */
async function leaveAll(request: APIRequestContext, account: TestAccount) {
  const answer = await request.get('/api/waiting-lists', { headers: bearer(account) });
  expect(answer.ok(), await answer.text()).toBe(true);
  for (const entry of ((await answer.json()) as { data: { id: string }[] }).data) {
    await request.delete(`/api/waiting-lists/${entry.id}`, { headers: bearer(account) });
  }
}

async function myEntries(request: APIRequestContext, account: TestAccount) {
  const answer = await request.get('/api/waiting-lists', { headers: bearer(account) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { id: string; label: string; position: number | null }[] }).data;
}

/** The seed's full stay: a priced type with a date option that has no place left. */
async function fullStay(request: APIRequestContext) {
  for (const type of await stayTypes(request)) {
    const option = type.accommodations.find((o) => !o.isAvailable);
    if (type.accomodationPrice !== null && option) return { type, option, price: type.accomodationPrice };
  }
  throw new Error('The seed has no priced accommodation with a full date option');
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

const joinButton = (page: Page, name: string) =>
  page.getByRole('button', { name: `Join the waiting list for ${name}`, exact: true });
const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const waitingLists = (page: Page) => page.getByRole('region', { name: 'Your waiting lists' });
const bookMerchandise = (page: Page) => page.getByRole('button', { name: 'Book your Merchandise' });

async function openMerchandise(page: Page, product: Product, path = '/merchandise') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchandise' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: product.name })).toBeVisible();
}

/** Leaves the entry named `label` from the profile, in the two steps the button asks for. */
async function leaveFromProfile(page: Page, label: string) {
  const section = waitingLists(page);
  await section.getByRole('button', { name: `Leave the waiting list for ${label}` }).click();
  const confirm = section.getByRole('group', { name: `Leave the waiting list for ${label}?` });
  await expect(confirm.getByRole('button', { name: 'Yes, leave' })).toBeFocused();
  // Keeping the place goes back to the first step, with nothing left.
  await confirm.getByRole('button', { name: 'Keep my place' }).click();
  await expect(section.getByRole('button', { name: `Leave the waiting list for ${label}` })).toBeFocused();
  await section.getByRole('button', { name: `Leave the waiting list for ${label}` }).click();
  await confirm.getByRole('button', { name: 'Yes, leave' }).click();
  await expect(section.getByRole('status')).toHaveText(`You have left the waiting list for ${label}.`);
  await expect(section.getByText('You are not on any waiting list now.')).toBeVisible();
}

test.describe('waiting lists in the shop', () => {
  test('a sold-out size: join its list, see the place in line on the profile, leave it', async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const account = await createVerifiedAccount(request, { first_name: 'Luna' });
    await signIn(page, account);
    try {
      // Nobody waits for anything: the profile stays as it was, with no waiting-list section.
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
      await expect(waitingLists(page)).toHaveCount(0);

      await openMerchandise(page, product);
      // Sold out is shown, not hidden: crossed out in the sizes, and listed with its waiting list.
      await expect(page.getByRole('button', { name: 'Size XXL, sold out' })).toBeDisabled();
      const soldOut = page.getByRole('region', { name: 'Sold out' });
      await expect(soldOut.getByRole('listitem')).toHaveCount(1);
      await expect(soldOut.getByRole('listitem')).toContainText('Size XXL — sold out');
      await expectNoSeriousViolations(page);

      await joinButton(page, 'size XXL').click();
      // The click's request may still be on its way: wait for the entry it makes.
      await expect.poll(async () => (await myEntries(request, account)).length).toBe(1);
      const [entry] = await myEntries(request, account);
      expect(entry?.position).toBeGreaterThanOrEqual(1);
      const place = `number ${entry!.position} in line`;
      await expect(notice(page, `You are on the waiting list for size XXL: ${place}.`)).toBeVisible();
      await expect(soldOut.getByText(`On the waiting list: ${place}`)).toBeFocused();
      await expect(joinButton(page, 'size XXL')).toHaveCount(0);
      await expect(
        page.getByRole('link', { name: 'See or leave your waiting lists on your profile' }),
      ).toHaveAttribute('href', '/profile');
      await expectNoSeriousViolations(page);

      // A reload (or another tab) knows the caller is on the list already.
      await page.reload();
      await expect(soldOut.getByText(`On the waiting list: ${place}`)).toBeVisible();

      await page.goto('/profile');
      const item = waitingLists(page).getByRole('listitem');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`${product.name}, size XXL`);
      await expect(item).toContainText(`Number ${entry!.position} in line`);
      await expectNoSeriousViolations(page);

      await leaveFromProfile(page, `${product.name}, size XXL`);
      await expectNoSeriousViolations(page);
      expect(await myEntries(request, account)).toEqual([]);
    } finally {
      await leaveAll(request, account);
    }
  });

  test('a size that came back in stock meanwhile: joining says it can be bought now', async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const before = await consoleSize(request, product, 'XXL');
    const account = await createVerifiedAccount(request, { first_name: 'Neville' });
    await signIn(page, account);
    await openMerchandise(page, product);
    await expect(joinButton(page, 'size XXL')).toBeVisible();
    try {
      await setStock(request, before.id, before.sold + before.held + 1);
      await joinButton(page, 'size XXL').click();
      await expect(notice(page, 'Size XXL can be bought now: add it to your cart.')).toBeVisible();
      // Availability is read again: the size can go in the cart, and there is no list to join.
      await expect(page.getByRole('button', { name: 'Add size XXL to cart' })).toBeEnabled();
      await expect(page.getByRole('region', { name: 'Sold out' })).toHaveCount(0);
      await expectNoSeriousViolations(page);
      expect(await myEntries(request, account)).toEqual([]);
    } finally {
      await leaveAll(request, account);
      await restoreStock(request, product, 'XXL', before.stock);
    }
  });

  test('a full stay: join its list from the booking, see it on the profile, leave it', async ({
    page,
    request,
  }) => {
    const { type, option } = await fullStay(request);
    const account = await createVerifiedAccount(request, { first_name: 'Ginny' });
    await signIn(page, account);
    try {
      await page.goto('/accomodation');
      await expect(page.getByRole('heading', { level: 1, name: 'Accommodation' })).toBeVisible();
      await page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(type.accommodationType)}`) }).check();
      // The full option is shown as full, not hidden, and cannot be chosen.
      await expect(page.getByText(`${stayLabel(option)} — full`)).toBeVisible();
      await expect(page.getByRole('radio', { name: stayLabel(option), exact: true })).toHaveCount(0);
      await expectNoSeriousViolations(page);

      await joinButton(page, stayLabel(option)).click();
      // The click's request may still be on its way: wait for the entry it makes.
      await expect.poll(async () => (await myEntries(request, account)).length).toBe(1);
      const [entry] = await myEntries(request, account);
      const place = `number ${entry!.position} in line`;
      await expect(
        notice(
          page,
          `You are on the waiting list for ${type.accommodationType}, ${stayLabel(option)}: ${place}.`,
        ),
      ).toBeVisible();
      await expect(page.getByText(`On the waiting list: ${place}`)).toBeFocused();
      await expectNoSeriousViolations(page);

      await page.goto('/profile');
      const item = waitingLists(page).getByRole('listitem');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(entry!.label);
      await expect(item).toContainText(`Number ${entry!.position} in line`);
      await leaveFromProfile(page, entry!.label);
      expect(await myEntries(request, account)).toEqual([]);
    } finally {
      await leaveAll(request, account);
    }
  });

  test('an offer: the stock is raised, the mail links to the shop with the size in the cart, and it is paid', async ({
    page,
    request,
  }) => {
    // The offer mail is sent by the server's mail loop, every 30 seconds.
    test.setTimeout(120_000);
    const product = await firstProduct(request);
    const before = await consoleSize(request, product, 'XXL');
    const account = await createVerifiedAccount(request, { first_name: 'Cedric' });
    await signIn(page, account);
    try {
      await openMerchandise(page, product);
      await joinButton(page, 'size XXL').click();
      await expect(notice(page, /You are on the waiting list for size XXL/)).toBeVisible();

      // The organisers free a unit: the first in line (this account) gets it held, and a mail.
      await setStock(request, before.id, before.sold + before.held + 1);
      let link = '';
      await expect
        .poll(
          async () => {
            const mail = (await outboxFor(request, account.email)).find((m) =>
              m.subject.includes(`A place is free for you: ${product.name}, size XXL`),
            );
            link = mail?.text.match(/\/merchandise\?offer=[0-9a-f-]{36}/)?.[0] ?? '';
            return link;
          },
          { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
        )
        .not.toBe('');

      // The profile shows the standing offer.
      await page.goto('/profile');
      const item = waitingLists(page).getByRole('listitem');
      await expect(item).toContainText('A place is held for you until');
      await expect(
        item.getByRole('link', { name: `Take the offer for ${product.name}, size XXL` }),
      ).toHaveAttribute('href', link);

      // The mail's link: the size is in the cart, one unit, held until the offer's end (India time).
      await openMerchandise(page, product, link);
      await expect(
        page.getByRole('heading', { level: 2, name: /^Held for you until .+ \(India time\)$/ }),
      ).toBeVisible();
      const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
      await expect(line).toHaveCount(1);
      await expect(line).toContainText('Size XXL');
      await expect(line).toContainText('Quantity 1');
      await expect(line).toContainText('Held for you');
      await expect(line.getByRole('button', { name: 'Increase quantity of size XXL' })).toBeDisabled();
      await expectNoSeriousViolations(page);

      await bookMerchandise(page).click();
      const checkout = page.getByTestId('sandbox-checkout');
      await expect(checkout.getByTestId('sandbox-amount')).toHaveText(money(product.price));
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page).toHaveURL(/\/success$/);
      await expect(page.getByRole('heading', { name: 'Payment Success' })).toBeVisible();

      await page.goto('/profile');
      const orders = page.getByRole('region', { name: 'Merchandise orders' });
      await expect(orders.getByRole('listitem')).toContainText('Size XXL × 1');
      await expect(waitingLists(page)).toHaveCount(0);

      // The link, used: a plain message, and the shop as usual.
      await openMerchandise(page, product, link);
      await expect(
        page.getByRole('status').filter({ hasText: 'This offer link can no longer be used' }),
      ).toBeVisible();
      await expect(page.getByRole('list', { name: 'Cart items' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Size XXL, sold out' })).toBeDisabled();
      await expectNoSeriousViolations(page);
    } finally {
      await leaveAll(request, account);
      await restoreStock(request, product, 'XXL', before.stock);
    }
  });

  test("an offer for a stay: the profile's Take the offer opens the booking with the stay chosen", async ({
    page,
    request,
  }) => {
    const { type, option, price } = await fullStay(request);
    const before = await consoleStay(request, type.id, option.id);
    const account = await createVerifiedAccount(request, { first_name: 'Hannah' });
    await signIn(page, account);
    try {
      const joined = await request.post('/api/waiting-lists', {
        headers: bearer(account),
        data: { kind: 'accommodation_option', itemId: option.id },
      });
      expect(joined.status(), await joined.text()).toBe(201);
      await setCapacity(request, option.id, before.booked + before.held + 1);

      await page.goto('/profile');
      const item = waitingLists(page).getByRole('listitem');
      await expect(item).toContainText('A place is held for you until');
      await item.getByRole('link', { name: /^Take the offer/ }).click();

      await expect(page).toHaveURL(/\/accomodation\?offer=[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 2, name: /^Held for you until / })).toBeVisible();
      await expect(
        page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(type.accommodationType)}`) }),
      ).toBeChecked();
      const stay = page.getByRole('radio', { name: stayLabel(option) });
      await expect(stay).toBeChecked();
      await expectNoSeriousViolations(page);

      await page.getByLabel('Identity proof').setInputFiles({
        name: 'id-proof.png',
        mimeType: 'image/png',
        buffer: onePixelPng,
      });
      await expect(page.getByText('Uploaded: id-proof.png')).toBeVisible();
      await page.getByRole('button', { name: 'Book Now' }).click();
      const checkout = page.getByTestId('sandbox-checkout');
      await expect(checkout.getByTestId('sandbox-amount')).toHaveText(money(price * option.Days));
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page).toHaveURL(/\/success$/);

      await page.goto('/profile');
      await expect(page.getByText('Accommodation — Paid')).toBeVisible();
      await expect(waitingLists(page)).toHaveCount(0);
    } finally {
      await leaveAll(request, account);
      const now = await consoleStay(request, type.id, option.id);
      await setCapacity(request, option.id, Math.max(before.capacity, now.booked + now.held));
    }
  });

  test('an unknown offer link says so and shows the shop as usual', async ({ page, request }) => {
    const product = await firstProduct(request);
    await signIn(page, await createVerifiedAccount(request, { first_name: 'Dean' }));
    await openMerchandise(page, product, '/merchandise?offer=00000000-0000-4000-8000-000000000000');
    await expect(
      page.getByRole('status').filter({ hasText: 'This offer link can no longer be used' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Size XXL, sold out' })).toBeDisabled();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
  });
});
