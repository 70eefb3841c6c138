import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatShortDate } from '../lib/format';
import { artistsSeed } from '../lib/server/db/seed-data';

const pinLengthPx = 2000;

async function afterLoader(page: Page) {
  await page.goto('/pronite');
  await expect(page.getByTestId('pronite-loader')).toHaveCount(0, { timeout: 5000 });
}

/** The pinned stage's distance from the top of the viewport. */
function stageTop(page: Page) {
  return page.getByTestId('pronite-stage').evaluate((el) => Math.round(el.getBoundingClientRect().top));
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
}

test.describe('pronite', () => {
  test('shows a loader for about two seconds, then the Pronite heading', async ({ page }) => {
    await page.goto('/pronite');
    const loader = page.getByTestId('pronite-loader');
    await expect(loader).toBeVisible();
    const shownAt = Date.now();
    await expect(loader).toHaveCount(0, { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1200);
    await expect(page.getByRole('heading', { level: 1, name: 'Pronite' })).toBeVisible();
  });

  test('has its own title, description and canonical address', async ({ page }) => {
    await page.goto('/pronite');
    await expect(page).toHaveTitle(/^Pronite \| Aetherfest 2027$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/pronite$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Pronite/);
  });

  test('asking for reduced motion midway brings back the plain list, where the visitor is', async ({
    page,
  }) => {
    await afterLoader(page);
    const stage = page.getByTestId('pronite-stage');
    await expect(stage).toHaveAttribute('data-sequence', 'on');
    await scrollTo(page, pinLengthPx / 2);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(stage).not.toHaveAttribute('data-sequence', 'on');
    for (const artist of artistsSeed) {
      const name = page.getByRole('heading', { level: 2, name: artist.name });
      await name.scrollIntoViewIfNeeded();
      await expect(name).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Pronite' })).toHaveCSS('opacity', '1');
  });

  test('has no serious or critical axe violations', async ({ page }) => {
    await afterLoader(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('pronite scroll sequence on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('pins the stage for 2000 px and shows Pronite, then each artist in turn, side by side', async ({
    page,
  }) => {
    await afterLoader(page);
    await expect(page.getByTestId('pronite-stage')).toHaveAttribute('data-sequence', 'on');
    const heading = page.getByRole('heading', { level: 1, name: 'Pronite' });
    const names = artistsSeed.map((a) => page.getByRole('heading', { level: 2, name: a.name }));
    await expect(heading).toBeVisible();
    for (const name of names) await expect(name).toBeHidden();

    await scrollTo(page, pinLengthPx / 2);
    await expect.poll(() => stageTop(page)).toBe(0);
    await expect(heading).toBeHidden();

    await scrollTo(page, pinLengthPx);
    const last = artistsSeed.at(-1)!;
    await expect(names.at(-1)!).toBeVisible();
    await expect(names[0]!).toBeHidden();
    const panel = page.locator('[data-pronite-panel="artist"]').last();
    await expect(panel.getByText(last.tagline)).toBeVisible();
    await expect(panel.getByText(formatShortDate(last.night))).toBeVisible();
    await expect(panel.getByRole('img', { name: `${last.name} on stage` })).toBeVisible();
    // Desktop layout: the picture sits beside the words.
    await expect
      .poll(async () => {
        const picture = await panel.locator('[data-part="picture"]').boundingBox();
        const words = await panel.locator('[data-part="words"]').boundingBox();
        return !!picture && !!words && picture.x + picture.width <= words.x;
      })
      .toBe(true);

    // Past the pin, the stage scrolls away with the page.
    await scrollTo(page, pinLengthPx + 400);
    await expect.poll(() => stageTop(page)).toBeLessThan(0);
  });
});

test.describe('pronite scroll sequence, first paint', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('pinning leaves the painted stage where it is: no element counts as the largest paint twice', async ({
    page,
  }) => {
    // A pin that moved the stage in the document (a wrapper made for it) would make the browser report the
    // already painted heading as a new largest paint seconds later (/pronite's LCP, docs/performance.md).
    await page.addInitScript(() => {
      const paints: string[] = [];
      Object.assign(window, { largestPaints: paints });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
          const element = entry.element;
          paints.push(element ? `${element.tagName} ${element.textContent?.slice(0, 30)}` : 'gone');
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await afterLoader(page);
    await expect(page.getByTestId('pronite-stage')).toHaveAttribute('data-sequence', 'on');
    const paints = await page.evaluate(
      () => (window as unknown as { largestPaints: string[] }).largestPaints,
    );
    expect(paints.length).toBeGreaterThan(0);
    expect(paints).toEqual([...new Set(paints)]);
  });
});

test.describe('pronite scroll sequence on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('pins too, and stacks the picture above the words', async ({ page }) => {
    await afterLoader(page);
    await expect(page.getByTestId('pronite-stage')).toHaveAttribute('data-sequence', 'on');
    await scrollTo(page, pinLengthPx / 2);
    await expect.poll(() => stageTop(page)).toBe(0);
    await scrollTo(page, pinLengthPx);
    const first = artistsSeed[0]!;
    const last = artistsSeed.at(-1)!;
    await expect(page.getByRole('heading', { level: 2, name: last.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: first.name })).toBeHidden();
    const panel = page.locator('[data-pronite-panel="artist"]').last();
    await expect
      .poll(async () => {
        const picture = await panel.locator('[data-part="picture"]').boundingBox();
        const words = await panel.locator('[data-part="words"]').boundingBox();
        return !!picture && !!words && picture.y + picture.height <= words.y;
      })
      .toBe(true);
  });
});

test.describe('pronite under reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('is a plain list: no pin, every artist readable in turn', async ({ page }) => {
    await afterLoader(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Pronite' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('pronite-stage')).not.toHaveAttribute('data-sequence', 'on');
    for (const artist of artistsSeed) {
      const name = page.getByRole('heading', { level: 2, name: artist.name });
      await name.scrollIntoViewIfNeeded();
      await expect(name).toBeVisible();
      await expect(page.getByText(formatShortDate(artist.night))).toBeVisible();
    }
  });
});

test.describe('pronite without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows Pronite and the three artists with their nights, and no loader', async ({ page }) => {
    await page.goto('/pronite');
    await expect(page.getByRole('heading', { level: 1, name: 'Pronite' })).toBeVisible();
    await expect(page.getByTestId('pronite-loader')).toHaveCount(0);
    const list = page.getByRole('list', { name: 'Pronite artists' });
    await expect(list.getByRole('listitem')).toHaveCount(artistsSeed.length);
    for (const artist of artistsSeed) {
      await expect(list.getByRole('heading', { level: 2, name: artist.name })).toBeVisible();
      await expect(list.getByText(artist.tagline)).toBeVisible();
      await expect(list.getByText(formatShortDate(artist.night))).toBeVisible();
    }
  });
});
