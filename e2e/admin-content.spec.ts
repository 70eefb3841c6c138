import { expect, test, type APIRequestContext } from '@playwright/test';
import { organiserAccount, signIn, type TestAccount } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';

/*
 * The organisers' console for sponsors and merchandise: the seeded organiser hides a sponsor with the
 * console's button and the public sponsors page drops it at once, then shows it again so the data is
 * left as found; and the merchandise console passes axe with a form and its errors open.
 */

interface ConsoleSponsor {
  id: number;
  name: string;
  isVisible: boolean;
}

async function setSponsorVisible(
  request: APIRequestContext,
  organiser: TestAccount,
  id: number,
  isVisible: boolean,
) {
  const answer = await request.patch(`/api/admin/sponsor/${id}`, {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: { isVisible },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test.describe('console: content', () => {
  test('an organiser hides a sponsor and the public sponsors page no longer shows it', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    const listed = await request.get('/api/admin/sponsor', {
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    expect(listed.ok()).toBe(true);
    const sponsor = ((await listed.json()) as { data: ConsoleSponsor[] }).data.find((s) => s.isVisible);
    expect(sponsor, 'the seed has a visible sponsor').toBeDefined();
    const { id, name } = sponsor!;
    // The public card is a link named by the logo's alt text and the sponsor's name.
    const publicLink = page
      .getByRole('main')
      .getByRole('link', { name: `${name} logo ${name}`, exact: true });

    try {
      await page.goto('/sponsers');
      await expect(publicLink).toBeVisible();

      await signIn(page, organiser);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/admin/content/sponsors');
      await expect(page.getByRole('heading', { name: 'Sponsors', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: `Hide ${name}`, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Sponsor saved.' })).toBeVisible();
      await expect(page.getByRole('button', { name: `Show ${name}`, exact: true })).toBeVisible();

      await page.goto('/sponsers');
      await expect(page.getByRole('heading', { name: 'Sponsors', level: 1 })).toBeVisible();
      await expect(publicLink).toHaveCount(0);

      await page.goto('/admin/content/sponsors');
      await page.getByRole('button', { name: `Show ${name}`, exact: true }).click();
      await expect(page.getByRole('button', { name: `Hide ${name}`, exact: true })).toBeVisible();
      await page.goto('/sponsers');
      await expect(publicLink).toBeVisible();
    } finally {
      // Whatever happened above, the other journeys find the sponsor where the seed put it.
      await setSponsorVisible(request, organiser, id, true);
    }
  });

  test('the merchandise console on a phone, with a form and its errors open, passes axe', async ({
    page,
    request,
  }) => {
    const organiser = await organiserAccount(request);
    await signIn(page, organiser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/content/merchandise');
    await expect(page.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
    // The seeded T-shirt lists its sizes with stock, sold, held and left.
    await expect(page.getByText('Size M', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Held now').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Add a product' }).click();
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expect(page.getByText('Price must be more than zero.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // Nothing sideways on a phone: the page is no wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const [path, heading] of [
    ['/admin/content/team', 'Team'],
    ['/admin/content/sponsors', 'Sponsors'],
    ['/admin/content/pronite', 'Pronite'],
    ['/admin/content/accommodation', 'Accommodation'],
  ] as const) {
    test(`${path} on a phone passes axe and fits the screen`, async ({ page, request }) => {
      await signIn(page, await organiserAccount(request));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      // Open the first item's edit form too, so its fields are checked.
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expectNoSeriousAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
