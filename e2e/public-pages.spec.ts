import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import http from 'node:http';
import zlib from 'node:zlib';
import { createVerifiedAccount } from './support/accounts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('events', () => {
  test('the list alternates categories left and right and links each to /event/N', async ({ page }) => {
    await page.goto('/event');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: "The festival's enchanted steam carriage" })).toBeVisible();
    const items = page.getByRole('listitem').filter({ has: page.getByRole('link') });
    const links = page.locator('ol a[href^="/event/"]');
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < count; i += 1) {
      await expect(links.nth(i)).toHaveAttribute('href', `/event/${i + 1}`);
    }
    const sides = await page
      .locator('ol > li')
      .evaluateAll((lis) =>
        lis.map((li) => (getComputedStyle(li).justifyContent === 'flex-end' ? 'right' : 'left')),
      );
    expect(sides.slice(0, 4)).toEqual(['left', 'right', 'left', 'right']);
    expect(await items.count()).toBeGreaterThan(0);
  });

  test('categories further down slide in when scrolled to', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/event');
    const last = page.locator('[data-slide]').last();
    await expect(last).toHaveAttribute('data-slide', 'waiting');
    await last.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expect(last).toHaveAttribute('data-slide', 'shown');
  });

  test('a category page shows cards, replaces links, notes closed events and offers Register only when open', async ({
    page,
  }) => {
    await page.goto('/event');
    await page.locator('ol a[href="/event/1"]').click();
    await expect(page).toHaveURL(/\/event\/1$/);
    await expect(page.getByRole('heading', { name: 'Arcane Tech', level: 1 })).toBeVisible();

    const hackathon = page.getByRole('article').filter({ hasText: 'Spellbound Hackathon' });
    const link = hackathon.getByRole('link', { name: 'Registration Link' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(hackathon).not.toContainText('https://');

    const closed = page.getByRole('article').filter({ hasText: 'Capture the Sigil' });
    await expect(closed.getByText('This event is not taking any registrations currently')).toBeVisible();
    await expect(closed.getByRole('link', { name: /^Register for/ })).toHaveCount(0);

    const linkOnly = page.getByRole('article').filter({ hasText: 'Oracle of Data' });
    await expect(linkOnly.getByText('This event is not taking any registrations currently')).toHaveCount(0);
    await expect(linkOnly.getByRole('link', { name: /^Register for/ })).toHaveCount(0);

    const open = page.getByRole('article').filter({ hasText: 'Golem Wars' });
    await expect(open.getByRole('link', { name: 'Register for Golem Wars' })).toHaveAttribute(
      'href',
      /^\/event\/1\/register\?event=\d+$/,
    );
  });

  test('cards sit three to a row from 640 px and one below', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto('/event/1');
    const tops = await page
      .getByRole('article')
      .evaluateAll((els) => els.slice(0, 4).map((e) => e.getBoundingClientRect().top));
    expect(tops[0]).toBe(tops[1]);
    expect(tops[1]).toBe(tops[2]);
    expect(tops[3]).toBeGreaterThan(tops[0]!);
    await page.setViewportSize({ width: 600, height: 900 });
    const narrow = await page
      .getByRole('article')
      .evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().top));
    expect(narrow[1]).toBeGreaterThan(narrow[0]!);
  });

  // lib/pictures/first-screen-picture.ts: a request of its own cost a picture a connection and a wait
  // behind the scripts on a slow link; the site's small drawings come in the document instead.
  test('the largest pictures of the first screen come in the document, without a request', async ({
    page,
    request,
  }) => {
    const categories = (await (await request.get('/api/admin/event-category/get-event-category')).json()) as {
      data: { imageUrl: string }[];
    };
    const firstPicture = categories.data[0]?.imageUrl ?? '';
    expect(firstPicture).toMatch(/^\/images\/.+\.svg$/);
    const pictureRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'image') pictureRequests.push(new URL(sent.url()).pathname);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/event');
    const cards = page.locator('ol img');
    await expect(cards.first()).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    expect(
      await cards.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    // The rest are fetched, lazily.
    await expect(cards.nth(1)).toHaveAttribute('src', /^\/images\//);
    await expect(cards.nth(1)).toHaveAttribute('loading', 'lazy');
    expect(pictureRequests).not.toContain(firstPicture);

    await page.goto('/event/1');
    await expect(page.locator('main header img')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await expect(page.getByRole('article').first().locator('img')).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml,/,
    );
    await page.goto('/team');
    await expect(page.getByRole('img', { name: /^Portrait of / }).first()).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml,/,
    );
  });

  test('a category number that names nothing is a 404 when loaded directly', async ({ page }) => {
    const response = await page.goto('/event/99');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: 'This corridor of the castle does not exist' }),
    ).toBeVisible();
  });

  test('reached from inside the site, an unknown category says Something went wrong and goes back', async ({
    page,
  }) => {
    await page.goto('/event');
    await page.waitForFunction(() => 'next' in window);
    await page.evaluate(() =>
      (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push('/event/99'),
    );
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
    await expect(page).toHaveURL(/\/event$/);
  });
});

test.describe('team, sponsors, schedule and terms', () => {
  test('team groups show members with photos and links in new tabs', async ({ page }) => {
    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(1);
    await expect(page.getByRole('img', { name: /^Portrait of / }).first()).toBeVisible();
    const social = page.getByRole('link', { name: /^(Instagram|LinkedIn) of / }).first();
    await expect(social).toHaveAttribute('target', '_blank');
  });

  test('sponsors show only visible ones, grouped, with logos linking to their sites', async ({
    page,
    request,
  }) => {
    await page.goto('/sponsers');
    const api = await (await request.get('/api/admin/getSponsors')).json();
    const visible: string[] = api.data.flatMap((g: { sponsors: { name: string }[] }) =>
      g.sponsors.map((s) => s.name),
    );
    for (const name of visible) {
      await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('target', '_blank');
    }
    expect(await page.getByRole('img', { name: / logo$/ }).count()).toBe(visible.length);
  });

  test('the schedule has four days of EVENT / TIME / VENUE tables', async ({ page }) => {
    await page.goto('/schedule');
    for (const day of ['Day 1', 'Day 2', 'Day 3', 'Day 4']) {
      await expect(page.getByRole('heading', { name: day })).toBeVisible();
    }
    await expect(page.getByRole('table')).toHaveCount(4);
    await expect(page.getByRole('columnheader', { name: 'EVENT' })).toHaveCount(4);
    // The development seed's sample timetable (its placeholder rows without one: schedule.spec.ts).
    await expect(page.getByRole('cell', { name: 'Golem Wars (Prelims)' })).toBeVisible();
  });

  test('the terms have seven numbered sections and the key rules', async ({ page }) => {
    await page.goto('/terms-and-condition');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(7);
    await expect(
      page.getByText('Tickets and registrations for CEP, OAT, LT and Canteen events are non-refundable.'),
    ).toBeVisible();
    await expect(page.getByText(/government-issued photo ID/)).toBeVisible();
    await expect(page.getByText(/UPI, debit card, credit card or net banking/)).toBeVisible();
    await expect(page.getByText(/you agree to these terms and conditions/)).toBeVisible();
  });
});

test.describe('search engines', () => {
  test('the sitemap lists every public page and category page', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    expect(xml).toContain('<urlset');
    for (const path of [
      '/event',
      '/team',
      '/sponsers',
      '/schedule',
      '/contact',
      '/terms-and-condition',
      '/pronite',
      '/event/1',
      '/event/6',
    ]) {
      expect(xml).toContain(`${path}</loc>`);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap:');
    expect(robots).toContain('Disallow: /api/');
  });

  test('category pages carry valid JSON-LD events with INR offers', async ({ page }) => {
    await page.goto('/event/1');
    // One block: a graph where the festival, the organiser and each place appear once and the events point
    // at them.
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]!);
    expect(data['@context']).toBe('https://schema.org');
    const nodes: Record<string, unknown>[] = data['@graph'];
    const byId = new Map(nodes.filter((n) => n['@id']).map((n) => [n['@id'], n]));
    type Ref = { '@id': string };
    type EventNode = {
      offers: { price: string }[];
      location: Ref;
      organizer: Ref;
      superEvent: Ref;
    };
    const resolve = (ref: Ref) => byId.get(ref['@id']);
    const events = nodes.filter((n) => n['@type'] === 'Event') as unknown as EventNode[];
    expect(events.length).toBeGreaterThan(5);
    const paid = events.find((e) => e.offers.some((o) => Number(o.price) > 0))!;
    expect(paid.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'INR' });
    for (const event of events) {
      const place = resolve(event.location) as { '@type': string; name: string; address: Ref };
      expect(place).toMatchObject({ '@type': 'Place', name: /, Aetherfest Grounds, University Campus$/ });
      expect(resolve(place.address)).toMatchObject({
        '@type': 'PostalAddress',
        addressLocality: 'Gandhinagar',
      });
      expect(resolve(event.organizer)).toMatchObject({ '@type': 'Organization', telephone: '+919000012345' });
      expect(resolve(event.superEvent)).toMatchObject({ '@type': 'Festival', name: 'Aetherfest 2027' });
    }
  });

  test('pages have their own title, description, canonical and sharing image', async ({ page }) => {
    await page.goto('/team');
    await expect(page).toHaveTitle(/^Team \| Aetherfest 2027$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/team$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /opengraph-image/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  });

  test('the steps of a flow are indexable and name the page they belong to as canonical', async ({
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    const pages: [string, RegExp][] = [
      ['/otp', /\/register$/],
      ['/reset-password', /\/forgot-password$/],
      ['/event/1/register', /\/event\/1$/],
    ];
    for (const [path, canonical] of pages) {
      const answer = await request.get(path, { headers: { cookie: `token=${account.token}` } });
      expect(answer.status(), path).toBe(200);
      const html = await answer.text();
      expect(html, path).not.toMatch(/<meta name="robots"/);
      expect(html.match(/<link rel="canonical" href="([^"]+)"/)?.[1], path).toMatch(canonical);
      expect(html.match(/<meta name="description" content="([^"]+)"/)?.[1], path).toContain(
        'Aetherfest 2027',
      );
    }
  });
});

/** One GET as a client would send it, with the body exactly as it came over the wire. */
function rawGet(url: string, acceptEncoding: string): Promise<{ encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

test.describe('compression', () => {
  test("a page is gzipped at level 4 (lib/server/http/compression-level.ts), not at zlib's default 6", async ({
    baseURL,
  }) => {
    const url = `${baseURL}/event/1`;
    await rawGet(url, 'identity'); // the first answer may render the page; the next ones are the cached copy
    const plain = await rawGet(url, 'identity');
    const gzipped = await rawGet(url, 'gzip');
    expect(plain.encoding).toBeUndefined();
    expect(gzipped.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    // The size tells the levels apart: as large as level 4 makes it, larger than level 6 would.
    const atLevel = (level: number) => zlib.gzipSync(plain.body, { level }).length;
    expect(Math.abs(gzipped.body.length - atLevel(4))).toBeLessThan(16);
    expect(gzipped.body.length).toBeGreaterThan(atLevel(6) + 100);
  });
});

test.describe('cached pages in one-byte characters', () => {
  test('a cached page reaches the browser with its characters intact, written as escapes (lib/cache/one-byte-html.ts)', async ({
    baseURL,
    page,
  }) => {
    const url = `${baseURL}/event/1`;
    await rawGet(url, 'identity'); // the first answer may render the page; the next ones are the cached copy
    const html = (await rawGet(url, 'identity')).body.toString('utf8');
    expect(html).not.toMatch(/[^\u0000-\u00ff]/);
    expect(html).toContain('<span aria-hidden="true">&#x2190;</span>');

    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    await page.goto('/event/1');
    await expect(page.locator('span[aria-hidden="true"]', { hasText: '\u2190' }).first()).toBeAttached();
    const names = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap(
        (script) =>
          (JSON.parse(script.textContent ?? '{}') as { '@graph'?: { name?: string }[] })['@graph']?.map(
            (n) => n.name,
          ) ?? [],
      ),
    );
    expect(names).toContain('Golem Wars');
    // The page hydrates without a mismatch, and its links work (a visitor is asked to log in first).
    await page
      .getByRole('link', { name: /^Register for / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login/);
    expect(hydrationErrors).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  const essentials: [string, string[]][] = [
    ['/event', ['Events', 'Arcane Tech', 'Mischief Carnival']],
    ['/event/1', ['Arcane Tech', 'Golem Wars', 'This event is not taking any registrations currently']],
    ['/team', ['Team']],
    ['/sponsers', ['Sponsors']],
    ['/schedule', ['Day 1', 'Golem Wars (Prelims)']],
    ['/terms-and-condition', ['No refund', 'Privacy']],
    ['/contact', ['CONTACT US', 'Reach Us Out At']],
    ['/coming', ['COMING SOON']],
  ];
  for (const [path, texts] of essentials) {
    test(`${path} reads without JavaScript`, async ({ page }) => {
      await page.goto(path);
      for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    });
  }
});

test.describe('accessibility', () => {
  for (const path of [
    '/event',
    '/event/1',
    '/team',
    '/sponsers',
    '/schedule',
    '/results',
    '/terms-and-condition',
    '/eventreg',
  ]) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
