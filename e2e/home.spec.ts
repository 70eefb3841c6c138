import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { skipSplash } from './support/splash';

const captions = ['Nature', 'City', 'Technology', 'Space'];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

function percentOf(text: string | null): number {
  const match = /^(\d+)%$/.exec(text?.trim() ?? '');
  if (!match) throw new Error(`not a percentage: ${text}`);
  return Number(match[1]);
}

test.describe('splash', () => {
  test('shows on the first visit of a session, counts up, skips, and stays away on reload', async ({
    page,
  }) => {
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Welcome to Aetherfest 2027' })).toBeVisible();
    // The page itself is in the HTML beneath the overlay.
    await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeAttached();
    const counter = splash.getByText(/^\d+%$/);
    const first = percentOf(await counter.textContent());
    await expect.poll(async () => percentOf(await counter.textContent())).toBeGreaterThan(first + 5);
    expect(percentOf(await counter.textContent())).toBeLessThan(100);

    await splash.getByRole('button', { name: 'Skip' }).click();
    await expect(splash).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByTestId('splash')).toHaveCount(0);
  });

  test('Escape skips it too, and keyboard focus starts on Skip', async ({ page }) => {
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash.getByRole('button', { name: 'Skip' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(splash).toHaveCount(0);
  });

  test('ends by itself after about ten seconds', async ({ page }) => {
    test.setTimeout(30_000);
    await page.goto('/');
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    await expect(splash).toHaveCount(0, { timeout: 14_000 });
  });

  test('has no serious or critical axe violations while shown', async ({ page }) => {
    await page.goto('/');
    // Once faded in: halfway through its half-second fade its text is as faint as the fade makes it.
    await expect(page.getByTestId('splash')).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('under reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('never shows', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeVisible();
      await page.waitForTimeout(1000);
      await expect(page.getByTestId('splash')).toHaveCount(0);
    });
  });
});

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => skipSplash(page));

  test('has the hero, Register when signed out, and the THEME section', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute(
      'href',
      '/register',
    );
    const theme = page.getByRole('region', { name: 'THEME' });
    await expect(theme.getByRole('heading', { level: 2, name: 'THEME' })).toBeVisible();
    await expect(theme.getByText(/four-day cultural and technical festival/)).toBeVisible();
    await expect(theme.getByText('72 games', { exact: false })).toBeVisible();
  });

  test('EXPLORE EVENTS: four flags wait out of sight, drop in on scroll, and lead to /event', async ({
    page,
  }) => {
    await page.goto('/');
    const explore = page.getByRole('region', { name: 'EXPLORE EVENTS' });
    const flags = explore.getByTestId('event-flag');
    await expect(flags).toHaveCount(4);
    // Below the fold after hydration: lifted and hidden until the section scrolls into view.
    await expect(flags.first()).toHaveAttribute('data-drop', 'waiting');
    await explore.getByRole('heading', { name: 'EXPLORE EVENTS' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    for (let i = 0; i < 4; i += 1) {
      await expect(flags.nth(i)).toHaveAttribute('data-drop', 'dropped');
      await expect(flags.nth(i)).toHaveAttribute('href', '/event');
    }
    await expect(flags.nth(3)).toHaveCSS('opacity', '1');
    for (const name of ['Cultural', 'Technical', 'Sports', 'Informals']) {
      await expect(explore.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await flags.first().click();
    await expect(page).toHaveURL(/\/event$/);
  });

  test('After Movie: nothing loads from the video site until play is pressed', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (r) => {
      if (/youtube|ytimg|googlevideo|doubleclick/.test(r.url())) videoRequests.push(r.url());
    });
    await page.route('**/*youtube-nocookie.com/**', (route) => route.abort());
    await page.goto('/');
    const movie = page.getByRole('region', { name: 'AFTER MOVIE' });
    await movie.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(videoRequests).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.locator('link[href*="youtube"]')).toHaveCount(0);

    await movie.getByRole('button', { name: 'Play the after movie' }).click();
    const player = movie.locator('iframe');
    await expect(player).toHaveAttribute('title', 'Aetherfest after movie');
    await expect(player).toHaveAttribute(
      'src',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1/,
    );
    await expect(movie.getByRole('button', { name: 'Play the after movie' })).toHaveCount(0);
    expect(videoRequests.length).toBeGreaterThan(0);
  });

  test('the carousel has four captioned slides and advances by itself', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByTestId('carousel');
    await carousel.scrollIntoViewIfNeeded();
    for (const caption of captions) {
      await expect(carousel.getByText(caption, { exact: true })).toBeAttached();
    }
    const active = carousel.locator('[data-active="true"]');
    await expect(active).toHaveCount(1);
    const first = await active.getAttribute('aria-label');
    // Every 2 s once hydrated and on screen; a loaded CI machine may take a few seconds to get there.
    await expect.poll(() => active.getAttribute('aria-label'), { timeout: 10_000 }).not.toBe(first);
  });

  test('the carousel has labelled previous/next buttons, loops, and a pause button', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByTestId('carousel');
    await carousel.scrollIntoViewIfNeeded();
    const active = carousel.locator('[data-active="true"]');
    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Show slide 1: Nature' }).click();
    await expect(active).toHaveAttribute('aria-label', '1 of 4: Nature');
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(active).toHaveAttribute('aria-label', '4 of 4: Space');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(active).toHaveAttribute('aria-label', '1 of 4: Nature');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(active).toHaveAttribute('aria-label', '2 of 4: City');
    // Paused: with the mouse away from it, it stays put for longer than two autoplay delays.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(4500);
    await expect(active).toHaveAttribute('aria-label', '2 of 4: City');
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
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('under reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('the carousel does not autoplay and the flags do not move', async ({ page }) => {
      await page.goto('/');
      const flags = page.getByTestId('event-flag');
      await expect(flags.first()).toHaveAttribute('data-drop', 'in-place');
      const carousel = page.getByTestId('carousel');
      await carousel.scrollIntoViewIfNeeded();
      await page.waitForTimeout(4500);
      await expect(carousel.locator('[data-active="true"]')).toHaveAttribute('aria-label', '1 of 4: Nature');
      await carousel.getByRole('button', { name: 'Next slide' }).click();
      await expect(carousel.locator('[data-active="true"]')).toHaveAttribute('aria-label', '2 of 4: City');
    });
  });
});

test.describe('home without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the festival name, THEME, the flags and the carousel captions, and no splash', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Aetherfest 2027' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'THEME' })).toBeVisible();
    await expect(page.getByText(/four-day cultural and technical festival/)).toBeVisible();
    await expect(page.getByTestId('event-flag')).toHaveCount(4);
    await expect(page.getByTestId('event-flag').first()).toBeVisible();
    const carousel = page.getByTestId('carousel');
    for (const caption of captions) {
      await expect(carousel.getByText(caption, { exact: true })).toBeAttached();
    }
    await expect(carousel.getByText('Nature', { exact: true })).toBeVisible();
    await expect(page.getByTestId('splash')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});
