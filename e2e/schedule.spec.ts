import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { organiserAccount } from './support/accounts';
import { clearTimetable } from './support/timetable';

/*
 * The public timetable: /schedule with no sessions (the spec's placeholder rows), then with sessions an
 * organiser adds through the console API: the day tables, the event cards of the category page, the
 * JSON-LD, and, with the browser's clock inside the festival, today's day first and the now-and-next
 * strip; last, the development seed's sample timetable on a phone. The journeys that need an empty or
 * exact timetable take the seeded one off first and put it back afterwards (support/timetable.ts).
 */

const publicCacheControl = 'public, s-maxage=10, stale-while-revalidate=60';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The section of a festival day: its heading and its table. */
function day(page: Page, label: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
}

/** The cell texts of a day's table, row by row. */
async function rowsOf(page: Page, label: string): Promise<string[][]> {
  return day(page, label)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
    );
}

/** The page's errors and React's hydration complaints, gathered from here on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The sum of the page's layout shifts so far (as Lighthouse's CLS counts them on one load). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test('with no sessions the schedule shows the placeholder rows for Day 1 to Day 4', async ({
  page,
  request,
}) => {
  const restoreSeeded = await clearTimetable(request);
  try {
    const answer = await page.goto('/schedule');
    expect(answer?.headers()['cache-control']).toBe(publicCacheControl);
    for (const label of ['Day 1', 'Day 2', 'Day 3', 'Day 4']) {
      await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
      expect(await rowsOf(page, label)).toEqual(
        Array.from({ length: 4 }, () => ['battledrome', 'full day', 'your location']),
      );
    }
    await expect(page.getByRole('region', { name: 'Now and next' })).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone the same placeholder rows, stacked.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table')).toHaveCount(0);
    const day1 = page.getByRole('list', { name: 'Day 1 schedule' }).getByRole('listitem');
    await expect(day1).toHaveText(
      Array.from({ length: 4 }, () => 'Time: full dayEvent: battledromeVenue: your location'),
    );
  } finally {
    await restoreSeeded();
  }
});

interface SeededEvent {
  id: number;
  name: string;
}

test.describe('with sessions an organiser added', () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const mapped = `Dragon Arena ${suffix}`;
  const plain = `Lab Tower ${suffix}`;
  const mapUrl = 'https://maps.example.com/?q=dragon-arena';
  let events: SeededEvent[] = [];
  const created: { venues: number[]; sessions: number[] } = { venues: [], sessions: [] };
  let api: APIRequestContext;
  let token = '';
  let restoreSeeded = async () => {};

  async function send(method: 'post' | 'patch' | 'delete', path: string, data?: unknown) {
    const answer = await api.fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { data: { id: number } }).data;
  }

  async function addSession(eventId: number, venueId: number, start: string, end: string, round?: string) {
    const made = await send('post', '/api/admin/session', {
      eventId,
      venueId,
      roundName: round,
      startsAt: start,
      endsAt: end,
    });
    created.sessions.push(made.id);
    return made;
  }

  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    token = (await organiserAccount(api)).token;
    // Only the sessions made here: the seeded sample timetable comes back in afterAll.
    restoreSeeded = await clearTimetable(api);
    const categories = await api.get('/api/admin/event-category/get-event-category');
    const first = ((await categories.json()) as { data: { id: number }[] }).data[0]!;
    const list = await api.get(`/api/admin/event-category/get-events-by-category/${first.id}`);
    events = ((await list.json()) as { data: SeededEvent[] }).data.slice(0, 3);
    expect(events).toHaveLength(3);

    const arena = await send('post', '/api/admin/venue', { name: mapped, mapUrl });
    created.venues.push(arena.id);
    const tower = await send('post', '/api/admin/venue', { name: plain });
    created.venues.push(tower.id);
    const [a, b, c] = events as [SeededEvent, SeededEvent, SeededEvent];
    // Made out of time order: the page orders them. Times are the console's (India time).
    await addSession(a.id, arena.id, '2027-02-21T14:00', '2027-02-21T16:00', 'Finals');
    await addSession(c.id, tower.id, '2027-02-21T11:00', '2027-02-21T13:00');
    await addSession(a.id, arena.id, '2027-02-21T10:00', '2027-02-21T12:00', 'Prelims');
    await addSession(b.id, tower.id, '2027-02-20T18:00', '2027-02-20T19:30');
  });

  test.afterAll(async () => {
    try {
      for (const id of created.sessions) await send('delete', `/api/admin/session/${id}`);
      for (const id of created.venues) await send('delete', `/api/admin/venue/${id}`);
      await restoreSeeded();
    } finally {
      await api.dispose();
    }
  });

  test('the schedule lists them under their day in time order, with times, venues and JSON-LD', async ({
    page,
  }) => {
    const [a, b, c] = events as [SeededEvent, SeededEvent, SeededEvent];
    // Outside the festival: no strip, the days in their order.
    await page.clock.setFixedTime(new Date('2027-03-01T11:00:00+05:30'));
    const answer = await page.goto('/schedule');
    expect(answer?.headers()['cache-control']).toBe(publicCacheControl);

    expect(await rowsOf(page, 'Day 1')).toEqual([[b.name, '18:00–19:30', plain]]);
    expect(await rowsOf(page, 'Day 2')).toEqual([
      [`${a.name} (Prelims)`, '10:00–12:00', `${mapped} (map, opens in a new tab)`],
      [c.name, '11:00–13:00', plain],
      [`${a.name} (Finals)`, '14:00–16:00', `${mapped} (map, opens in a new tab)`],
    ]);
    for (const label of ['Day 3', 'Day 4']) {
      expect(await rowsOf(page, label)).toEqual([['No events scheduled yet']]);
    }
    await expect(page.getByRole('cell', { name: 'battledrome' })).toHaveCount(0);
    const map = day(page, 'Day 2')
      .getByRole('link', { name: `${mapped} (map, opens in a new tab)` })
      .first();
    await expect(map).toHaveAttribute('href', mapUrl);
    await expect(map).toHaveAttribute('target', '_blank');

    await expect(page.getByRole('region', { name: 'Now and next' })).toHaveCount(0);
    const day1 = await page.getByRole('heading', { name: 'Day 1', exact: true }).boundingBox();
    const day2 = await page.getByRole('heading', { name: 'Day 2', exact: true }).boundingBox();
    expect(day1!.y).toBeLessThan(day2!.y);

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const festival = blocks.map((text) => JSON.parse(text)).find((data) => data.subEvent);
    expect(festival['@type']).toBe('Festival');
    expect(
      festival.subEvent.map((e: { name: string; startDate: string; endDate: string }) => [
        e.name,
        e.startDate,
        e.endDate,
      ]),
    ).toEqual([
      [b.name, '2027-02-20T18:00:00+05:30', '2027-02-20T19:30:00+05:30'],
      [`${a.name} (Prelims)`, '2027-02-21T10:00:00+05:30', '2027-02-21T12:00:00+05:30'],
      [c.name, '2027-02-21T11:00:00+05:30', '2027-02-21T13:00:00+05:30'],
      [`${a.name} (Finals)`, '2027-02-21T14:00:00+05:30', '2027-02-21T16:00:00+05:30'],
    ]);
    expect(festival.subEvent[1].location).toMatchObject({
      '@type': 'Place',
      name: `${mapped}, Aetherfest Grounds, University Campus`,
      address: { addressLocality: 'Gandhinagar' },
    });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an event card on the category page shows its sessions in time order', async ({ page }) => {
    const [a, b] = events as [SeededEvent, SeededEvent];
    await page.goto('/event/1');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: a.name }) });
    await expect(
      card.getByRole('list', { name: `When and where: ${a.name}` }).getByRole('listitem'),
    ).toHaveText([
      `Prelims: Day 2, Sun, 21 Feb, 10:00–12:00, ${mapped}`,
      `Finals: Day 2, Sun, 21 Feb, 14:00–16:00, ${mapped}`,
    ]);
    const other = page.getByRole('article').filter({ has: page.getByRole('heading', { name: b.name }) });
    await expect(other.getByRole('listitem')).toHaveText([`Day 1, Sat, 20 Feb, 18:00–19:30, ${plain}`]);
    // An event without sessions shows none.
    const without = page.getByRole('article').filter({ hasNot: page.getByRole('list') });
    expect(await without.count()).toBeGreaterThan(0);
  });

  test('during the festival today comes first and the strip shows what is on now and next', async ({
    page,
  }) => {
    const [a, , c] = events as [SeededEvent, SeededEvent, SeededEvent];
    const errors = pageErrors(page);
    await page.clock.setFixedTime(new Date('2027-02-21T11:00:00+05:30'));
    await page.goto('/schedule');

    const strip = page.getByRole('region', { name: 'Now and next' });
    const now = strip.getByRole('list', { name: 'NOW' });
    const next = strip.getByRole('list', { name: 'NEXT' });
    await expect(now.getByRole('listitem')).toHaveText([
      `10:00–12:00 ${a.name} (Prelims), ${mapped}`,
      `11:00–13:00 ${c.name}, ${plain}`,
    ]);
    await expect(next.getByRole('listitem')).toHaveText([`14:00–16:00 ${a.name} (Finals), ${mapped}`]);

    const day1 = await page.getByRole('heading', { name: 'Day 1', exact: true }).boundingBox();
    const day2 = await page.getByRole('heading', { name: 'Day 2', exact: true }).boundingBox();
    const stripBox = await strip.boundingBox();
    expect(day2!.y).toBeLessThan(day1!.y);
    expect(stripBox!.y).toBeLessThan(day2!.y);
    // Today is marked before the first paint and the strip's box is drawn at its full height.
    expect(await layoutShift(page)).toBeLessThan(0.02);
    expect(errors).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the strip moves on by itself as a session ends', async ({ page }) => {
    const [a, , c] = events as [SeededEvent, SeededEvent, SeededEvent];
    await page.clock.install({ time: new Date('2027-02-21T11:59:30+05:30') });
    await page.goto('/schedule');
    const now = page.getByRole('region', { name: 'Now and next' }).getByRole('list', { name: 'NOW' });
    await expect(now.getByRole('listitem')).toHaveText([
      `10:00–12:00 ${a.name} (Prelims), ${mapped}`,
      `11:00–13:00 ${c.name}, ${plain}`,
    ]);
    await page.clock.runFor(60_000);
    await expect(now.getByRole('listitem')).toHaveText([`11:00–13:00 ${c.name}, ${plain}`]);
  });

  test('a moved session shows in its new place on the next visit', async ({ page }) => {
    const [, b] = events as [SeededEvent, SeededEvent];
    const moving = created.sessions[3]!;
    await send('patch', `/api/admin/session/${moving}`, {
      startsAt: '2027-02-23T09:00',
      endsAt: '2027-02-23T10:00',
    });
    await page.goto('/schedule');
    expect(await rowsOf(page, 'Day 1')).toEqual([['No events scheduled yet']]);
    expect(await rowsOf(page, 'Day 4')).toEqual([[b.name, '09:00–10:00', plain]]);
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each day lists time, event and venue (the seeded timetable) without scrolling sideways', async ({
    page,
  }) => {
    await page.goto('/schedule');
    // The stacked list replaces the table: only one of them is displayed, so read once by a screen reader.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('columnheader')).toHaveCount(0);
    const day1 = page.getByRole('list', { name: 'Day 1 schedule' });
    const golem = day1.getByRole('listitem').filter({ hasText: 'Golem Wars (Prelims)' });
    await expect(golem).toHaveText('Time: 10:00–11:30Event: Golem Wars (Prelims)Venue: Sports Ground');
    for (const label of ['Day 2', 'Day 3', 'Day 4']) {
      await expect(
        page
          .getByRole('list', { name: `${label} schedule` })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
    }
    // Time, event and venue each on a line of their own, inside the screen.
    const lines = golem.locator(':scope > span');
    await expect(lines).toHaveCount(3);
    const [time, event, venue] = await Promise.all([0, 1, 2].map((i) => lines.nth(i).boundingBox()));
    expect(time!.y).toBeLessThan(event!.y);
    expect(event!.y).toBeLessThan(venue!.y);
    expect(venue!.x + venue!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    // From 640 px the table is back, and the list is out of the accessibility tree.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole('table')).toHaveCount(4);
    await expect(page.getByRole('list', { name: 'Day 1 schedule' })).toHaveCount(0);
    expect(await rowsOf(page, 'Day 1')).toContainEqual([
      'Golem Wars (Prelims)',
      '10:00–11:30',
      'Sports Ground',
    ]);
  });
});
