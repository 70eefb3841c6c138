import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, signIn } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';
import { bookableStay, escapeRegExp, firstProduct, onePixelPng, shortDate, stayLabel } from './support/shop';

/*
 * The payment result screens on a 390 px phone, after real sandbox payments: /success and /failure say what
 * was bought and lead on (the profile, or trying again), within reach before the countdown of SPEC.md
 * ends, which can be stopped; and a stay whose payment failed keeps its dates and identity proof for the
 * next try, until it is booked or the student logs out.
 */

test.use({ viewport: { width: 390, height: 844 } });

const bookNow = (page: Page) => page.getByRole('button', { name: 'Book Now' });
const stayDraftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith('stay-draft:')));

test('a paid T-shirt: /success names it, links to the profile in view, and the countdown can be stopped', async ({
  page,
  request,
}) => {
  const product = await firstProduct(request);
  const size = product.variants.find((v) => v.isAvailable);
  if (!size) throw new Error('The seeded tee has no size in stock');
  await signIn(page, await createVerifiedAccount(request));
  await page.goto('/merchandise');
  await page.getByRole('button', { name: `Add size ${size.type} to cart` }).click();
  await page.getByRole('button', { name: 'Book your Merchandise' }).click();
  await page.getByTestId('sandbox-checkout').getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Payment Success' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What you paid for' }).getByRole('listitem')).toHaveText([
    `T-shirt, size ${size.type}`,
  ]);
  await expect(page.getByText('Your pass and registrations are on your profile')).toBeVisible();
  const profileLink = page.getByRole('link', { name: 'Go to your profile' });
  // On the first screen of a phone, without scrolling.
  await expect(profileLink).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('timer')).toContainText(/in [1-5] seconds?/);

  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByRole('timer')).toHaveText('The page stays open.');
  await expectNoSeriousAxeViolations(page);
  // Longer than the countdown: still here.
  await page.waitForTimeout(6_000);
  await expect(page).toHaveURL(/\/success$/);
  await profileLink.click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a failed stay payment keeps the dates and the identity proof for the next try, which books it', async ({
  page,
  request,
}) => {
  const { type, option } = await bookableStay(request);
  await signIn(page, await createVerifiedAccount(request));
  await page.goto('/accomodation');
  const typeRadio = page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(type.accommodationType)}`) });
  const datesRadio = page.getByRole('radio', { name: stayLabel(option), exact: true });
  await typeRadio.check();
  await datesRadio.check();
  await page.getByLabel('Identity proof').setInputFiles({
    name: 'id-proof.png',
    mimeType: 'image/png',
    buffer: onePixelPng,
  });
  await expect(page.getByText('Uploaded: id-proof.png')).toBeVisible();
  await bookNow(page).click();
  await page.getByTestId('sandbox-checkout').getByRole('button', { name: 'Fail', exact: true }).click();

  await expect(page).toHaveURL(/\/failure$/);
  await expect(page.getByRole('heading', { name: 'Payment Failure' })).toBeVisible();
  const nights = `${option.Days} ${option.Days === 1 ? 'night' : 'nights'}`;
  const stay = `${nights} from ${shortDate(option.StartDate)} (${type.accommodationType})`;
  const unpaid = page.getByRole('region', { name: 'What was not paid for' });
  await expect(unpaid.getByRole('listitem')).toHaveText([`Stay: ${stay}`]);
  await expect(unpaid).toContainText('Your dates and identity proof are kept');
  const tryAgain = page.getByRole('link', { name: 'Try again' });
  await expect(tryAgain).toBeInViewport({ ratio: 1 });
  // The spec's countdown is still running: stopped first, so the checks below are not cut short by it.
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await expectNoSeriousAxeViolations(page);
  await tryAgain.click();

  // Back on the screen: everything as it was, ready to book.
  await expect(page).toHaveURL(/\/accomodation$/);
  await expect(page.getByText('Your choices from your last try are filled in below')).toBeVisible();
  await expect(typeRadio).toBeChecked();
  await expect(datesRadio).toBeChecked();
  await expect(page.getByText('Uploaded: id-proof.png')).toBeVisible();
  await expect(bookNow(page)).toBeEnabled();
  await bookNow(page).click();
  await page.getByTestId('sandbox-checkout').getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('region', { name: 'What you paid for' }).getByRole('listitem')).toHaveText([
    `Stay: ${stay}`,
  ]);
  // Booked: nothing is kept to fill in again.
  expect(await stayDraftKeys(page)).toEqual([]);
});

test('a half-made stay booking is forgotten on logout', async ({ page, request }) => {
  const { type, option } = await bookableStay(request);
  await signIn(page, await createVerifiedAccount(request));
  await page.goto('/accomodation');
  await page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(type.accommodationType)}`) }).check();
  await page.getByRole('radio', { name: stayLabel(option), exact: true }).check();
  await expect.poll(() => stayDraftKeys(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Site menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged Out!')).toBeVisible();
  expect(await stayDraftKeys(page)).toEqual([]);
});
