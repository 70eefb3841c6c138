import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { publicPaths } from '@/lib/public-paths';
import { createVerifiedAccount, setGuardCookie, signIn } from './support/accounts';
import { freeSoloEvent, registerFree } from './support/events';
import { firstProduct, stayTypes } from './support/shop';
import { skipSplash } from './support/splash';

const gold = 'rgb(233, 196, 106)';
const cinzel = /^Cinzel, "Cinzel fallback"/;

/**
 * The style of the first level heading with this text, read in the first frame that shows it (polled on
 * every animation frame): what a visitor sees the moment a move to its page is drawn.
 */
async function firstFrameOf(page: Page, text: string) {
  const style = await page.waitForFunction(
    (wanted) => {
      const heading = [...document.querySelectorAll('h1')].find((h1) => h1.textContent === wanted);
      if (!heading) return undefined;
      const computed = getComputedStyle(heading);
      return { size: computed.fontSize, color: computed.color, family: computed.fontFamily };
    },
    text,
    { polling: 'raf' },
  );
  return style.jsonValue();
}

/** Moves to /event through the site menu, as a visitor does. */
async function openEvents(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog', { name: 'Site menu' })
    .getByRole('link', { name: 'Events', exact: true })
    .click();
}

/** A page's document as the server sends it to a browser that takes gzip: its encoding and its bytes. */
function compressedDocument(url: string): Promise<{ encoding?: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes }));
      })
      .on('error', reject);
  });
}

const menuDestinations: [string, string][] = [
  ['ProNite', '/pronite'],
  ['Events', '/event'],
  ['Team', '/team'],
  ['Sponsors', '/sponsers'],
  ['Merchandise', '/merchandise'],
  ['Accomodation', '/accomodation'],
  ['Terms And Condition', '/terms-and-condition'],
  ['Contact Us', '/contact'],
];

test.describe('navigation menu', () => {
  test('lists every item with its destination, and hides Profile and Logout when signed out', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await expect(menu).toBeVisible();
    for (const [label, href] of menuDestinations) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    for (const network of ['Instagram', 'YouTube', 'Facebook']) {
      await expect(menu.getByRole('link', { name: new RegExp(`on ${network}`) })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
  });

  for (const [label, href] of menuDestinations) {
    test(`${label} leads to ${href}`, async ({ page }) => {
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('dialog', { name: 'Site menu' })
        .getByRole('link', { name: label, exact: true })
        .click();
      // Guarded screens send a signed-out visitor on to /login; everything else lands where it says.
      const expected = ['/merchandise', '/accomodation'].includes(href) ? '/login' : href;
      await expect(page).toHaveURL(new RegExp(`${expected}$`));
      await expect(page.getByRole('dialog', { name: 'Site menu' })).toHaveCount(0);
    });
  }

  test('works from the keyboard: focus stays inside, Escape closes, Enter follows a link', async ({
    page,
  }) => {
    await page.goto('/contact');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'ProNite' })).toBeFocused();
    // Tab through more stops than the menu has: focus must never leave the toggle and the panel.
    for (let i = 0; i < 16; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return (
          !!active && (!!active.closest('[role="dialog"]') || active.getAttribute('aria-controls') !== null)
        );
      });
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Site menu' }).getByRole('link', { name: 'Team' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/team$/);
  });

  test('the logo leads home and turns 0.2 degree per scrolled pixel', async ({ page }) => {
    await skipSplash(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 450));
    const logo = page.getByRole('link', { name: 'Aetherfest home' }).locator('span');
    await expect.poll(() => logo.evaluate((el) => el.style.transform)).toBe('rotate(90deg)');
    await page.goto('/contact');
    await page.getByRole('link', { name: 'Aetherfest home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the home page is fetched ahead when the visitor reaches for the logo, not on every page load', async ({
    page,
  }) => {
    await skipSplash(page);
    const homeFetches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/' && url.searchParams.has('_rsc')) homeFetches.push(url.href);
    });
    await page.goto('/team');
    await page.waitForLoadState('networkidle');
    expect(homeFetches).toEqual([]);

    const logo = page.getByRole('link', { name: 'Aetherfest home' });
    await logo.hover();
    await expect.poll(() => homeFetches.length).toBeGreaterThan(0);
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('guards and fallbacks', () => {
  for (const path of ['/profile', '/merchendise', '/event/1/register', '/success']) {
    test(`${path} sends a signed-out visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('/unauthorized explains and offers a way back', async ({ page }) => {
    await page.goto('/unauthorized');
    await expect(
      page.getByRole('heading', { name: "You don't have permission to access this page..." }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown address gets the themed not-found page with a 404', async ({ page }) => {
    const response = await page.goto('/no-such-spell');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: 'This corridor of the castle does not exist' }),
    ).toBeVisible();
  });

  test('/coming shows the logo, COMING SOON and a back button', async ({ page }) => {
    await page.goto('/coming');
    await expect(page.getByRole('heading', { name: 'COMING SOON' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Festival logo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  });
});

test.describe('contact page and footer', () => {
  test('shows the core-team contact, address, two e-mail addresses and social links', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'CONTACT US', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reach Us Out At' })).toBeVisible();
    await expect(page.getByText('Gandhinagar, Gujarat')).toBeVisible();
    await expect(page.getByRole('link', { name: 'hello@aetherfest.example' })).toHaveAttribute(
      'href',
      'mailto:hello@aetherfest.example',
    );
    await expect(page.getByRole('link', { name: 'partners@aetherfest.example' })).toBeVisible();
    await expect(page.getByRole('link', { name: /on Instagram/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('starry-sky')).toBeVisible();
  });

  test('the starry sky is painted once it comes on screen, and not before', async ({ page }) => {
    /** How many of the canvas's pixels are not transparent. */
    const litPixels = (canvas: Locator) =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let lit = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) lit += 1;
        return lit;
      });
    await page.goto('/contact');
    await expect.poll(() => litPixels(page.getByTestId('starry-sky'))).toBeGreaterThan(500);

    await skipSplash(page);
    await page.goto('/');
    const footerSky = page.getByRole('contentinfo').getByTestId('starry-sky');
    // Loaded and hydrated for a while, the footer still far below: nothing has been drawn.
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(await litPixels(footerSky)).toBe(0);
    await footerSky.scrollIntoViewIfNeeded();
    await expect.poll(() => litPixels(footerSky)).toBeGreaterThan(500);
  });

  test('the home page ends with the contact footer and offers Register when signed out', async ({ page }) => {
    await skipSplash(page);
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'CONTACT US' })).toBeAttached();
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('accessibility of the shell', () => {
  for (const path of ['/', '/contact', '/unauthorized', '/coming', '/no-such-spell']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      // The home splash has its own check (home.spec.ts), made once it has faded in; caught in the middle
      // of its fade, its text is as faint as the fade makes it.
      await skipSplash(page);
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }

  test('the open menu has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

test.describe('the first frame needs only the document', () => {
  test('the stylesheet is in the head once, not linked and not again in the RSC payload', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const inline = html.match(/<style id="site-stylesheet">([\s\S]*?)<\/style>/);
    expect(inline?.[1]).toContain('.bg-ink{');
    // Once: React's payload (the self.__next_f scripts) does not carry the text again.
    expect(html.split('.bg-ink{').length - 1).toBe(1);

    // The page is styled, and stays so after hydration and a move to another page in the app.
    await page.goto('/login');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(13, 10, 26)');
    await page.getByRole('link', { name: 'Register here.' }).click();
    await expect(page).toHaveURL(/\/register$/);
    expect(await background()).toBe('rgb(13, 10, 26)');
    await expect(page.locator('style#site-stylesheet')).toHaveCount(1);
  });

  test("a page's document carries its route's rules only, and fits in TCP's first flight", async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/login')).text();
    const inline = html.match(/<style id="site-stylesheet">([\s\S]*?)<\/style>/)?.[1] ?? '';
    // What a phone receives: the document as the server compresses it, within 10 segments (~14 KB).
    const answer = await compressedDocument(new URL('/login', test.info().project.use.baseURL).href);
    expect(answer.encoding).toBe('gzip');
    expect(answer.bytes).toBeLessThan(14_000);

    // Once the page has loaded, the whole sheet is fetched ahead for the next page, not applied to this one
    // (its parse and the page's restyle were a long task on a phone). A move links it (the test below).
    await page.goto('/login');
    const ahead = page.locator('head > link[rel="prefetch"][as="style"]');
    await expect(ahead).toHaveCount(1);
    const href = await ahead.getAttribute('href');
    expect(href).toMatch(/^\/stylesheets\/site\.[0-9a-f]{12}\.css$/);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    const file = await request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const wholeText = await file.text();
    expect(wholeText).toContain('.bg-ink{');
    expect(inline.length).toBeLessThan(wholeText.length / 2);
  });

  test('moving from /login to /register and on to /event keeps each page styled', async ({ page }) => {
    await page.goto('/login');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(13, 10, 26)');

    await page.getByRole('link', { name: 'Register here.' }).click();
    const registerHeading = await firstFrameOf(page, 'Create your magical journey');
    expect(registerHeading).toEqual({ size: '30px', color: gold, family: expect.stringMatching(cinzel) });
    expect(await background()).toBe('rgb(13, 10, 26)');

    await openEvents(page);
    // Its size (sm:text-6xl) is no rule of /login's or /register's own.
    expect(await firstFrameOf(page, 'Events')).toEqual({
      size: '60px',
      color: gold,
      family: expect.stringMatching(cinzel),
    });
    await expect(page).toHaveURL(/\/event$/);
    expect(await background()).toBe('rgb(13, 10, 26)');
    // The whole sheet, linked with the first move, after the document's own rules.
    await expect(page.locator('head > link[rel="stylesheet"]')).toHaveCount(1);
    expect(
      await page.evaluate(() => {
        const own = document.getElementById('site-stylesheet')!;
        const linked = document.querySelector('head > link[rel="stylesheet"]')!;
        return Boolean(own.compareDocumentPosition(linked) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
  });

  test('a move before the whole sheet has come waits for it: the next page is styled from its first frame', async ({
    page,
  }) => {
    await page.route('**/stylesheets/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto('/login');
    await openEvents(page);
    expect(await firstFrameOf(page, 'Events')).toEqual({
      size: '60px',
      color: gold,
      family: expect.stringMatching(cinzel),
    });
  });

  test('the display face is served under a name of its bytes, cached for good', async ({ request }) => {
    const html = await (await request.get('/contact')).text();
    const face = html.match(/url\((\/fonts\/cinzel-latin-700-normal\.[0-9a-f]{12}\.woff2)\)/)?.[1];
    expect(face).toBeTruthy();
    const answer = await request.get(face!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a signed-in page comes rendered for its visitor: the page itself before any script runs', async ({
    browser,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    const [product, [stay], { event }] = await Promise.all([
      firstProduct(request),
      stayTypes(request),
      freeSoloEvent(request),
    ]);
    // No script at all: what shows is what the document brought, the first frame on a slow link.
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: false,
    });
    await setGuardCookie(context, account);
    const page = await context.newPage();
    const loader = page.getByRole('status', { name: 'Loading', exact: true });

    await page.goto('/merchandise');
    await expect(page.getByRole('heading', { level: 1, name: 'Merchandise' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: product.name })).toBeVisible();
    await expect(page.getByRole('button', { name: product.variants[0]!.type }).first()).toBeVisible();

    await page.goto('/accomodation');
    await expect(page.getByRole('heading', { name: 'Book your stay' })).toBeVisible();
    await expect(page.getByText(stay!.accommodationType).first()).toBeVisible();

    await page.goto(`/event/1/register?event=${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
    await expect(loader).toHaveCount(0);
    await context.close();
  });

  test('the profile comes with its data: details, registered events and the festival pass, before any script', async ({
    browser,
    request,
  }) => {
    const account = await createVerifiedAccount(request, {
      first_name: 'Luna',
      last_name: 'Lovegood',
      Clg: 'Ravenclaw College of Magic',
    });
    const { event, option } = await freeSoloEvent(request);
    const registered = await registerFree(request, account, event.id, option.id);
    expect(registered.status(), await registered.text()).toBe(201);
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: false,
    });
    await setGuardCookie(context, account);
    const page = await context.newPage();

    await page.goto('/profile');
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details).toContainText('Luna');
    await expect(details).toContainText('Lovegood');
    await expect(details).toContainText('Ravenclaw College of Magic');
    const events = page.getByRole('region', { name: 'Registered events' });
    await expect(events.getByRole('listitem').filter({ hasText: event.name })).toContainText('Registered');
    const pass = page.getByRole('region', { name: 'Festival pass' });
    await expect(pass.getByTestId('pass-code')).toHaveText(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){7}$/);
    await expect(pass.getByRole('img', { name: 'QR code of your festival pass' })).toBeVisible();
    await expect(pass).toContainText(event.name);
    await expect(page.getByRole('region', { name: 'Your timetable' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Reminders');
    // No section waits for a script to load it.
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    await context.close();
  });

  test('the profile asks the API for none of what its page brought, once its script runs', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    const { event, option } = await freeSoloEvent(request);
    const registered = await registerFree(request, account, event.id, option.id);
    expect(registered.status(), await registered.text()).toBe(201);
    const asked: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await signIn(page, account);

    await page.goto('/profile');
    const pass = page.getByRole('region', { name: 'Festival pass' });
    await expect(pass.getByTestId('pass-code')).toBeVisible();
    // Hydrated: this phone's push state is something only the script can tell.
    await expect(page.getByTestId('push-state')).not.toHaveText('Checking this phone…');
    await page.waitForLoadState('networkidle');
    // The stored token's check, which every page makes, shows the requests are seen.
    expect(asked).toContain('/api/verify-token');
    const sections = [
      'my-profile',
      'my-pass',
      'my-timetable',
      'my-certificates',
      'waiting-lists',
      'my-notifications',
      'my-plans',
    ];
    expect(asked.filter((path) => sections.some((api) => path.startsWith(`/api/${api}`)))).toEqual([]);
  });

  test('no page comes with its content held back behind a fallback until a script reveals it', async ({
    request,
  }) => {
    // React outlines any finished Suspense boundary once the document's first 12.8 KB are written, and
    // the stylesheet alone is more: such content shows at the earliest 300 ms after the first paint, and
    // never without JavaScript (docs/decisions.md, "No Suspense boundary around a page's content").
    for (const path of [...publicPaths, '/event/1', '/coming', '/forgot-password']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('<template id="B:');
    }
  });

  test('a page rendered for a cookie whose token this browser no longer keeps still leads to /login', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    await setGuardCookie(page.context(), account);
    await page.goto('/merchandise');
    await expect(page).toHaveURL(/\/login$/);
  });
});
