import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { consoleApi, organiserAccount } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';
import { skipSplash } from './support/splash';

/*
 * The organisers' announcements on the public site: /announcements lists what everyone may read, newest
 * first, and a banner shows above the public pages while it is up. Both are cached pages: what an
 * organiser sends, or a banner ended, reaches them through the revalidated tag within seconds.
 */

const publicCacheControl = 'public, s-maxage=10, stale-while-revalidate=60';

interface Sent {
  id: string;
  state: string;
  bannerUntil: string | null;
}

async function send(request: APIRequestContext, announcement: Record<string, unknown>): Promise<Sent> {
  const api = consoleApi(request, await organiserAccount(request));
  return api<Sent>('post', '/api/admin/announcements', {
    body: 'Details follow.',
    audience: { kind: 'everyone' },
    ...announcement,
  });
}

async function endBanner(request: APIRequestContext, id: string) {
  const { token } = await organiserAccount(request);
  return request.post(`/api/admin/announcements/${id}/end-banner`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

const bannerOf = (page: Page) => page.getByRole('complementary', { name: 'Announcement' });

/** Loads `path` again until its banner says `title` (or, with `null`, until it has none), for at most 15 s. */
async function reloadUntilBanner(page: Page, path: string, title: string | null) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        const banner = bannerOf(page);
        return (await banner.count()) === 0 ? null : await banner.locator('p').first().textContent();
      },
      { timeout: 15_000, intervals: [500] },
    )
    .toBe(title);
}

test.describe('announcements on the public site', () => {
  // A unique mark per run, so a database shared with earlier runs or specs tells these apart.
  const mark = Date.now().toString(36);
  const earlier = `Parking opens early ${mark}`;
  const bannerTitle = `Gates open at noon ${mark}`;
  const staysOnly = `Hot water in block C ${mark}`;
  let bannerId = '';

  test.afterAll(async ({ request }) => {
    // Whatever happened above, no banner of this spec is left over the other specs' pages.
    if (bannerId) await endBanner(request, bannerId);
  });

  test('with nothing sent yet the page says so and shows no banner', async ({ page, request }) => {
    const api = consoleApi(request, await organiserAccount(request));
    const sent = await api<Sent[]>('get', '/api/admin/announcements');
    test.skip(sent.length > 0, 'this database already has announcements');
    await page.goto('/announcements');
    await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
    await expect(page.getByText('No announcements yet.')).toBeVisible();
    await expect(bannerOf(page)).toHaveCount(0);
  });

  test('a banner shows on the public pages within seconds, /announcements lists it newest first, and ending it takes it off', async ({
    page,
    request,
  }) => {
    await skipSplash(page);
    // Before any banner: the pages come from the cache, with the public Cache-Control.
    const cached = await page.goto('/announcements');
    expect(cached?.headers()['cache-control']).toBe(publicCacheControl);
    const again = await request.get('/announcements');
    expect(again.headers()['x-nextjs-cache']).toBe('HIT');

    await send(request, { title: earlier, body: 'Gate 2 car park.\nBring your pass.', channels: ['mail'] });
    await send(request, { title: staysOnly, audience: { kind: 'stay_holders' }, channels: ['mail'] });
    const banner = await send(request, {
      title: bannerTitle,
      body: 'The main gate opens at 12:00.\nThe side gate stays shut.',
      channels: ['banner'],
      bannerHours: 1,
    });
    expect(banner.state).toBe('sending');
    bannerId = banner.id;

    await reloadUntilBanner(page, '/', bannerTitle);
    // In the server's HTML, so it is there before any script runs and nothing moves when it comes.
    expect(await (await request.get('/')).text()).toContain(bannerTitle);
    await expect(bannerOf(page)).toContainText('The main gate opens at 12:00.');
    await expect(bannerOf(page)).not.toContainText('The side gate stays shut.');
    await bannerOf(page)
      .getByRole('link', { name: `All announcements: ${bannerTitle}` })
      .click();
    await expect(page).toHaveURL(/\/announcements$/);

    await reloadUntilBanner(page, '/event', bannerTitle);
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

    // Not on the account screens.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(bannerOf(page)).toHaveCount(0);

    await page.goto('/announcements');
    const titles = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
    const ours = titles.filter((t) => t.endsWith(mark));
    expect(ours).toEqual([bannerTitle, earlier]);
    const earlierItem = page.getByRole('article').filter({ hasText: earlier });
    // The body as written, its line break kept.
    expect(await earlierItem.locator('p').first().innerText()).toBe('Gate 2 car park.\nBring your pass.');
    await expect(earlierItem.locator('time')).toHaveText(/\d{4}, \d{1,2}:\d{2}\s?(am|pm)/i);
    await expect(page.getByText(staysOnly)).toHaveCount(0);

    const ended = await endBanner(request, bannerId);
    expect(ended.ok(), await ended.text()).toBe(true);
    bannerId = '';
    await reloadUntilBanner(page, '/', null);
    await reloadUntilBanner(page, '/event', null);
    // Still on the page of announcements once its banner is down.
    await page.goto('/announcements');
    await expect(page.getByRole('heading', { name: bannerTitle, level: 2 })).toBeVisible();
  });

  test('a link of its own is offered as More', async ({ page, request }) => {
    const title = `Timetable changed ${mark}`;
    const sent = await send(request, { title, link: '/schedule', channels: ['banner'], bannerHours: 1 });
    bannerId = sent.id;
    await reloadUntilBanner(page, '/team', title);
    await expect(bannerOf(page).getByRole('link', { name: `More: ${title}` })).toHaveAttribute(
      'href',
      '/schedule',
    );
    await expectNoSeriousAxeViolations(page);
    await page.goto('/announcements');
    const item = page.getByRole('article').filter({ hasText: title });
    await expect(item.getByRole('link', { name: `More: ${title}` })).toHaveAttribute('href', '/schedule');
    await expectNoSeriousAxeViolations(page);
    expect((await endBanner(request, sent.id)).ok()).toBe(true);
    bannerId = '';
    await reloadUntilBanner(page, '/team', null);
  });
});
