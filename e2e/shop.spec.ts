import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, profileOf, signIn } from './support/accounts';
import {
  bookableStay,
  chooseStay,
  firstProduct,
  money,
  onePixelPng,
  proofField,
  stayLabel,
  stayTypes,
  typeRadio,
  type Product,
} from './support/shop';

/*
 * The shop of SPEC.md parts 2, 4, 5 and 8: the merchandise screen (price, sold-out size, cart rules, a paid
 * order of two sizes through the payment sandbox, a dismissed checkout) and accommodation booking (type,
 * dates, identity proof upload, price, payment, then only the already-paid message), plus accessibility.
 * Products and stays are read from the seeded data through the API, never by id.
 */

const alreadyPaid =
  'You have already paid for accomodation the confirmation has been sent to your registered email address.';

const addSize = (page: Page, size: string) => page.getByRole('button', { name: `Add size ${size} to cart` });
const cartItems = (page: Page) => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
const cartLine = (page: Page, size: string) =>
  cartItems(page).filter({ has: page.getByText(`Size ${size}`, { exact: true }) });
const bookMerchandise = (page: Page) => page.getByRole('button', { name: 'Book your Merchandise' });

async function openMerchandise(page: Page, product: Product) {
  await page.goto('/merchandise');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchandise' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: product.name })).toBeVisible();
}

const bookNow = (page: Page) => page.getByRole('button', { name: 'Book Now' });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test.describe('merchandise', () => {
  test('shows the tee, keeps the cart rules, and a paid order of two sizes reaches the profile', async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const [first, second] = product.variants.filter((v) => v.isAvailable);
    if (!first || !second) throw new Error('The seeded tee needs two sizes in stock');
    await signIn(page, await createVerifiedAccount(request));
    await openMerchandise(page, product);

    await expect(page.getByText('Chamber of Secrets')).toBeVisible();
    const summary = page.getByRole('region', { name: product.name });
    await expect(summary.getByText('Oversized', { exact: true })).toBeVisible();
    await expect(summary.getByText('₹ 399.00', { exact: true })).toBeVisible();
    const oldPrice = summary.locator('del');
    await expect(oldPrice).toContainText('₹ 450.00');
    await expect(oldPrice).toHaveCSS('text-decoration-line', 'line-through');

    // XXL has no stock in the seed.
    await expect(page.getByRole('button', { name: 'Size XXL, sold out' })).toBeDisabled();
    await expect(addSize(page, 'XXL')).toHaveCount(0);
    await expect(bookMerchandise(page)).toBeDisabled();

    // The same size twice is one line of 2; minus only above 1; remove empties the cart.
    await addSize(page, first.type).click();
    const line = cartLine(page, first.type);
    await expect(line).toContainText('Quantity 1');
    await expect(line.getByRole('button', { name: `Decrease quantity of size ${first.type}` })).toHaveCount(
      0,
    );
    await addSize(page, first.type).click();
    await expect(cartItems(page)).toHaveCount(1);
    await expect(line).toContainText('Quantity 2');
    await expect(line).toContainText(money(2 * product.price));
    await line.getByRole('button', { name: `Decrease quantity of size ${first.type}` }).click();
    await expect(line).toContainText('Quantity 1');
    await expect(line.getByRole('button', { name: /^Decrease quantity/ })).toHaveCount(0);
    await expect(line.getByRole('button', { name: `Increase quantity of size ${first.type}` })).toBeFocused();
    await line.getByRole('button', { name: `Increase quantity of size ${first.type}` }).click();
    await expect(line).toContainText('Quantity 2');
    await line.getByRole('button', { name: `Remove size ${first.type}` }).click();
    await expect(cartItems(page)).toHaveCount(0);
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(bookMerchandise(page)).toBeDisabled();

    // Two sizes, one of each, paid in the sandbox.
    await addSize(page, first.type).click();
    await addSize(page, second.type).click();
    const total = money(2 * product.price);
    await expect(
      page.getByRole('region', { name: 'Your cart' }).getByText(total, { exact: true }),
    ).toBeVisible();
    await bookMerchandise(page).click();
    const checkout = page.getByTestId('sandbox-checkout');
    await expect(checkout).toBeVisible();
    await expect(checkout).toContainText(product.name);
    await expect(checkout).toContainText('User Purchase for Goodies');
    await expect(checkout.getByTestId('sandbox-amount')).toHaveText(total);
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole('heading', { name: 'Payment Success' })).toBeVisible();

    await page.goto('/profile');
    const orders = page.getByRole('region', { name: 'Merchandise orders' });
    const order = orders.getByRole('listitem');
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(`Size ${first.type} × 1`);
    await expect(order).toContainText(`Size ${second.type} × 1`);
    await expect(order).toContainText(total);
  });

  test('a dismissed checkout says the payment was not completed and reaches /failure', async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const size = product.variants.find((v) => v.isAvailable);
    if (!size) throw new Error('The seeded tee has no size in stock');
    await signIn(page, await createVerifiedAccount(request));
    await openMerchandise(page, product);
    await addSize(page, size.type).click();
    await bookMerchandise(page).click();
    const checkout = page.getByTestId('sandbox-checkout');
    await checkout.getByRole('button', { name: 'Cancel', exact: true }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'The payment was not completed!' })).toBeVisible();
    await expect(page).toHaveURL(/\/failure$/);
    await expect(page.getByRole('heading', { name: 'Payment Failure' })).toBeVisible();
  });
});

test.describe('accommodation', () => {
  test('a stay with an identity proof is paid, then only the already-paid message shows', async ({
    page,
    request,
  }) => {
    const { type, option, price } = await bookableStay(request);
    const account = await createVerifiedAccount(request);
    await signIn(page, account);
    await chooseStay(page, type, option);

    const guidelines = page.getByRole('region', { name: 'Guidelines' }).getByRole('listitem');
    await expect(guidelines).toHaveCount(5);
    await expect(guidelines.first()).toContainText('3:00 P.M. on 20th February');
    await expect(page.getByText('but not 20 and 23')).toBeVisible();
    await expect(page.getByRole('region', { name: 'General instructions' })).toBeVisible();

    await expect(bookNow(page)).toBeDisabled();
    await proofField(page).setInputFiles({
      name: 'id-proof.png',
      mimeType: 'image/png',
      buffer: onePixelPng,
    });
    await expect(page.getByRole('status').filter({ hasText: 'Image uploaded successfully' })).toBeVisible();
    await expect(page.getByText('Uploaded: id-proof.png')).toBeVisible();

    const amount = money(price * option.Days);
    const priceBox = page.getByRole('region', { name: 'Price' });
    await expect(priceBox).toContainText(`${money(price)} × ${option.Days} night`);
    await expect(priceBox).toContainText(amount);

    await expect(bookNow(page)).toBeEnabled();
    await bookNow(page).click();
    const checkout = page.getByTestId('sandbox-checkout');
    await expect(checkout).toContainText('Aetherfest Accommodation Booking');
    await expect(checkout.getByTestId('sandbox-amount')).toHaveText(amount);
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole('heading', { name: 'Payment Success' })).toBeVisible();
    const profile = (await profileOf(request, account)) as unknown as { accomodationTaken: boolean };
    expect(profile.accomodationTaken).toBe(true);

    await page.goto('/accomodation');
    await expect(page.getByText(alreadyPaid)).toBeVisible();
    await expect(bookNow(page)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Guidelines' })).toHaveCount(0);

    await page.goto('/profile');
    await expect(page.getByText('Accommodation — Paid')).toBeVisible();
  });

  test('Book Now waits for a proof, a text file named .png is refused, and a new type clears the dates', async ({
    page,
    request,
  }) => {
    const { type, option } = await bookableStay(request);
    await signIn(page, await createVerifiedAccount(request));
    await chooseStay(page, type, option);

    await expect(bookNow(page)).toBeDisabled();
    await proofField(page).setInputFiles({
      name: 'not-an-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is plain text pretending to be a picture.\n'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to upload image' })).toBeVisible();
    await expect(page.getByText('No file uploaded yet.')).toBeVisible();
    await expect(bookNow(page)).toBeDisabled();

    // A type without a price says so; choosing a type clears the chosen dates.
    const unpriced = (await stayTypes(request)).find((t) => t.accomodationPrice === null);
    if (unpriced) {
      await typeRadio(page, unpriced).check();
      await expect(page.getByRole('alert').filter({ hasText: 'Something Went Wrong' })).toBeVisible();
    }
    await typeRadio(page, type).check();
    await expect(page.getByRole('radio', { name: stayLabel(option), exact: true })).not.toBeChecked();
    await expect(proofField(page)).toHaveCount(0);
    await expect(bookNow(page)).toBeDisabled();
  });
});

test.describe('accessibility of the shop', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a 360 px phone: no horizontal scroll and no serious or critical axe violations', async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const size = product.variants.find((v) => v.isAvailable);
    const { type, option } = await bookableStay(request);
    if (!size) throw new Error('The seeded tee has no size in stock');
    await signIn(page, await createVerifiedAccount(request));

    await openMerchandise(page, product);
    await addSize(page, size.type).click();
    await addSize(page, size.type).click();
    await expect(cartLine(page, size.type)).toContainText('Quantity 2');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    await chooseStay(page, type, option);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
  });
});
