import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const splashKey = 'aetherfest:splash-seen';

async function skipSplash(page: Page) {
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), splashKey);
}

test.describe('splash', () => {
  test('shows once per session, counts up, and can be skipped', async ({ page }) => {
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    const first = Number((await splash.getByText(/^\d+%$/).textContent())?.replace('%', ''));
    await page.waitForTimeout(1200);
    const later = Number((await splash.getByText(/^\d+%$/).textContent())?.replace('%', ''));
    expect(later).toBeGreaterThan(first);
    await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeAttached();
    await splash.getByRole('button', { name: 'Skip' }).click();
    await expect(splash).toHaveCount(0);
    await page.reload();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('splash')).toHaveCount(0);
  });

  test.describe('under reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('never shows', async ({ page }) => {
      await page.goto('/');
      await page.waitForTimeout(800);
      await expect(page.getByTestId('splash')).toHaveCount(0);
    });
  });
});

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => skipSplash(page));

  test('has the hero, Register when signed out, THEME and EXPLORE EVENTS flags', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('heading', { name: 'THEME' })).toBeVisible();
    await expect(page.getByText('72 games', { exact: false }).first()).toBeVisible();
    const explore = page.getByRole('region', { name: 'EXPLORE EVENTS' });
    await explore.scrollIntoViewIfNeeded();
    const flags = explore.getByRole('link');
    await expect(flags).toHaveCount(4);
    await expect(page.locator('[data-flags]')).not.toHaveAttribute('data-flags', 'up');
  });

  test('loads nothing from the video site until play is pressed', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (r) => {
      if (/youtube/.test(r.url())) videoRequests.push(r.url());
    });
    await page.route(/youtube-nocookie\.com/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { name: 'After Movie' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(videoRequests).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('button', { name: 'Play the after movie' }).click();
    await expect(page.locator('iframe[title="Festival after movie"]')).toHaveAttribute(
      'src',
      /youtube-nocookie\.com\/embed\//,
    );
  });

  test('the carousel has four captioned slides and advances by itself', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByTestId('carousel');
    await carousel.scrollIntoViewIfNeeded();
    for (const caption of ['Nature', 'City', 'Technology', 'Space']) {
      await expect(carousel.getByText(caption, { exact: true })).toBeAttached();
    }
    const active = () => carousel.locator('[data-active="true"]').getAttribute('aria-label');
    const first = await active();
    await expect.poll(active, { timeout: 6000 }).not.toBe(first);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
  });

  test('the footer carries the contact block', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByText('Reach Us Out At')).toBeAttached();
  });

  test('has valid festival JSON-LD with place and dates', async ({ page }) => {
    await page.goto('/');
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(data).toMatchObject({
      '@type': 'Festival',
      name: 'Aetherfest 2027',
      startDate: expect.stringMatching(/^2027-02-20/),
      endDate: expect.stringMatching(/^2027-02-23/),
      location: { address: { addressLocality: 'Gandhinagar', addressRegion: 'Gujarat' } },
      organizer: { '@type': 'Organization' },
    });
  });

  test('has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('pronite', () => {
  test('shows a loader for about two seconds, then Pronite and the three artists', async ({ page }) => {
    await page.goto('/pronite');
    await expect(page.getByTestId('pronite-loader')).toBeVisible();
    await expect(page.getByTestId('pronite-loader')).toBeHidden({ timeout: 4000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Pronite' })).toBeVisible();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(3);
  });

  test('pins the stage for 2000 px of scrolling on wide screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pronite');
    await expect(page.getByTestId('pronite-loader')).toHaveCount(0, { timeout: 4000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight), { timeout: 5000 })
      .toBeGreaterThan(2000);
    await page.mouse.wheel(0, 1900);
    await expect(page.getByRole('heading', { level: 1, name: 'Pronite' })).toBeHidden();
  });

  test('has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/pronite');
    await expect(page.getByTestId('pronite-loader')).toHaveCount(0, { timeout: 4000 });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home reads: festival name, THEME, carousel captions', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'THEME' })).toBeVisible();
    for (const caption of ['Nature', 'City', 'Technology', 'Space']) {
      await expect(page.getByText(caption, { exact: true })).toBeAttached();
    }
  });

  test('pronite reads: the artists are in the page and the loader goes away', async ({ page }) => {
    await page.goto('/pronite');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(3);
    await expect(page.getByTestId('pronite-loader')).toBeHidden({ timeout: 4000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Pronite' })).toBeVisible();
  });
});
