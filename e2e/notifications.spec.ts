import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn, type TestAccount } from './support/accounts';
import { expectNoSeriousAxeViolations } from './support/axe';
import { freeSoloEvent } from './support/events';
import {
  serviceWorkerHook,
  shownNotifications,
  startPushService,
  usePushService,
  type PushService,
} from './support/push-service';

/*
 * The site on the phone (docs/announcements.md, "On the phone"): the manifest that makes it installable,
 * the service worker's pushes, the opt-in in the profile, and the pages kept for a hall without signal.
 * Pushes go through web-push-testing, a push service run on this machine (e2e/support/push-service.ts),
 * and reach the real worker through Chromium's DevTools hook.
 */

let pushService: PushService;

test.beforeAll(async () => {
  pushService = await startPushService();
});

test.afterAll(async () => {
  await pushService?.stop();
});

const bearer = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

interface MyNotifications {
  pushKey: string | null;
  reminderChannel: 'push' | 'mail' | 'off';
  devices: { id: number; device: string; createdAt: string }[];
  announcements: { id: number; title: string; body: string; link: string | null; sentAt: string }[];
}

async function myNotifications(request: APIRequestContext, account: TestAccount): Promise<MyNotifications> {
  const answer = await request.get('/api/my-notifications', { headers: bearer(account) });
  expect(answer.status(), await answer.text()).toBe(200);
  const payload = (await answer.json()) as { data?: MyNotifications } & MyNotifications;
  return payload.data ?? payload;
}

/** A participant registered for a free event (so their profile shows a pass), signed in on `page`. */
async function participantWithPass(request: APIRequestContext, page: Page, first_name: string) {
  const { event, option } = await freeSoloEvent(request);
  const participant = await createVerifiedAccount(request, { first_name, last_name: 'Weasley' });
  const registered = await request.post(`/api/event-register/event-registration/${event.id}`, {
    headers: bearer(participant),
    data: {
      registerData: { emails: [participant.email], teamName: null, participationId: option.id },
      payData: null,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(page, participant);
  return participant;
}

interface Option {
  id: number;
  participation_name: string;
  price: number;
  min_range: number;
  max_range: number;
}

/** An open event with a paid option for one person, and the position of its category (for its URL). */
async function paidSoloOption(request: APIRequestContext) {
  const categories = await request.get('/api/admin/event-category/get-event-category');
  const { data } = (await categories.json()) as { data: { id: number }[] };
  for (const [index, category] of data.entries()) {
    const answer = await request.get(`/api/admin/event-category/get-events-by-category/${category.id}`);
    const events = (
      (await answer.json()) as {
        data: { id: number; isRegistrationOpen: boolean; participations: Option[] }[];
      }
    ).data;
    for (const event of events.filter((e) => e.isRegistrationOpen)) {
      const option = event.participations.find((o) => o.price > 0 && o.max_range === 1);
      if (option) return { event, option, position: index + 1 };
    }
  }
  throw new Error('The seed has no open paid option for one person');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The endpoint of this device's subscription (kept by the stand-in's PushManager in localStorage). */
async function deviceEndpoint(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('e2e:push-subscription'));
  expect(stored, 'this device has a push subscription').not.toBeNull();
  return (JSON.parse(stored!) as { endpoint: string }).endpoint;
}

test('the manifest makes the site installable, and its icons load', async ({ page, request }) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Aetherfest 2027',
    short_name: 'Aetherfest',
    start_url: '/profile',
    scope: '/',
    display: 'standalone',
    theme_color: '#0d0a1a',
    background_color: '#0d0a1a',
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    // A PNG's width and height are the IHDR chunk's first two numbers.
    const bytes = await image.body();
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }

  // Every page links it, with the home screen icon iOS reads instead; the site's CSP allows both.
  const failures: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Manifest/i.test(message.text())) failures.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  const parsed = await page.evaluate(() =>
    fetch('/manifest.webmanifest').then((r) => r.json() as Promise<{ start_url: string }>),
  );
  expect(parsed.start_url).toBe('/profile');
  expect(failures).toEqual([]);
});

test("the worker shows a push once per message, and a tap leads only to the site's pages or https", async ({
  context,
  page,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  // The /profile registration the opt-in makes (a registration receives pushes whatever page is open).
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/profile' });
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
  });
  const hook = await serviceWorkerHook(page);
  const message = {
    title: 'Gates open at nine',
    body: 'Bring your pass.',
    url: '/announcements',
    tag: 'announcement:4f7c1a52-9c8e-4c55-8f0a-4d1f2e3a5b6c',
  };

  await hook.deliverPush('/profile', JSON.stringify(message));
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        url: new URL('/announcements', page.url()).href,
      },
    ]);

  // The same message again (the server's queue re-sent it after a crash): still shown once.
  await hook.deliverPush('/profile', JSON.stringify(message));
  await page.waitForTimeout(300);
  expect(await shownNotifications(page)).toHaveLength(1);

  // Where a tap leads: an https address as it is; anything else (here a script) the profile instead.
  // A push that is not JSON still shows, with the site's name. One at a time, each shown before the
  // next: handed to the browser's test hook all at once on a loaded machine, one of the three once did
  // not show within the poll's 10 s (and the retry passed).
  const pushes = [
    JSON.stringify({ ...message, tag: 'a', url: 'https://example.org/map' }),
    JSON.stringify({ ...message, tag: 'b', url: 'javascript:alert(1)' }),
    'Hello from the organisers',
  ];
  for (const [i, data] of pushes.entries()) {
    await hook.deliverPush('/profile', data);
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(2 + i);
  }
  const byTag = Object.fromEntries((await shownNotifications(page)).map((n) => [n.tag, n]));
  expect(byTag.a?.url).toBe('https://example.org/map');
  expect(byTag.b?.url).toBe(new URL('/profile', page.url()).href);
  expect(byTag['']).toMatchObject({ title: 'Aetherfest', body: 'Hello from the organisers' });
  await hook.detach();
});

test('the installed app opens on the pass with no signal', async ({ context, page, request }) => {
  await participantWithPass(request, page, 'Ginny');
  const { start_url: startUrl } = (await (await request.get('/manifest.webmanifest')).json()) as {
    start_url: string;
  };
  // The pass shown once, online: that installs the worker, which keeps the page.
  await page.goto(startUrl);
  const pass = page.getByRole('region', { name: 'Festival pass' });
  const code = pass.getByTestId('pass-code');
  await expect(code).toHaveText(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){7}$/);
  const shown = (await code.textContent())!.trim();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        return (await caches.match('/profile')) !== undefined;
      }),
    )
    .toBe(true);

  // Opened from the home screen later, without signal: a fresh tab on the manifest's start_url.
  await page.close();
  await context.setOffline(true);
  try {
    const app = await context.newPage();
    await app.goto(startUrl);
    const offlinePass = app.getByRole('region', { name: 'Festival pass' });
    await expect(
      offlinePass.getByText('You are offline: this is the pass saved on this device.'),
    ).toBeVisible();
    await expect(offlinePass.getByTestId('pass-code')).toHaveText(shown);
  } finally {
    await context.setOffline(false);
  }
});

test('the schedule opens with no signal once seen', async ({ context, page }) => {
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  // Registered when the browser is idle after load, then the page is fetched again and kept.
  await expect
    .poll(() => page.evaluate(async () => (await caches.match('/schedule')) !== undefined), {
      timeout: 15_000,
    })
    .toBe(true);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test.describe('with the announcements API', () => {
  test('a participant turns notifications on and off on their phone, chooses mail reminders, and logout forgets the device', async ({
    context,
    page,
    request,
  }) => {
    // A long journey: on, off, a reminder choice, on again and logout, with reloads between.
    test.slow();
    await context.grantPermissions(['notifications']);
    await usePushService(context, pushService);
    const participant = await participantWithPass(request, page, 'Ron');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Notifications' });
    const state = section.getByTestId('push-state');
    await expect(state).toHaveText('Notifications are off for this phone.');

    await section.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
    await expect(state).toHaveText('Notifications are on for this phone.');
    await expect(section.getByRole('status').filter({ hasText: 'Notifications are on' })).toHaveAttribute(
      'aria-live',
      'polite',
    );
    const devices = section.getByRole('list', { name: 'Devices with notifications on' });
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    expect((await myNotifications(request, participant)).devices).toHaveLength(1);
    await expectNoSeriousAxeViolations(page);

    // A reload finds the device still on.
    await page.reload();
    await expect(state).toHaveText('Notifications are on for this phone.');

    await section.getByRole('button', { name: 'Turn off on this phone' }).click();
    await expect(state).toHaveText('Notifications are off for this phone.');
    await expect(devices).toHaveCount(0);
    expect((await myNotifications(request, participant)).devices).toHaveLength(0);

    await section.getByRole('radio', { name: 'By mail' }).check();
    await expect(section.getByText('Your reminder choice is saved.')).toBeVisible();
    expect((await myNotifications(request, participant)).reminderChannel).toBe('mail');
    await page.reload();
    await expect(section.getByRole('radio', { name: 'By mail' })).toBeChecked();

    // On again, then logout: the server is told before the token goes, and the device keeps nothing.
    await section.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
    await expect(state).toHaveText('Notifications are on for this phone.');
    const endpoint = await deviceEndpoint(page);
    const forgetting = page.waitForResponse(
      (r) => r.url().endsWith('/api/push-subscriptions') && r.request().method() === 'DELETE',
    );
    const loggingOut = page.waitForRequest((r) => r.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Site menu' }).getByRole('button', { name: 'Logout' }).click();
    const forgotten = await forgetting;
    expect(forgotten.request().postDataJSON()).toEqual({ endpoint });
    expect(forgotten.status()).toBe(200);
    await loggingOut;
    await expect(page.getByText('Logged Out!')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('e2e:push-subscription'))).toBeNull();
  });

  test("an organiser's announcement reaches the participant's lock screen and their profile", async ({
    context,
    page,
    request,
  }) => {
    await context.grantPermissions(['notifications']);
    await usePushService(context, pushService);
    const participant = await participantWithPass(request, page, 'Fred');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Notifications' });
    await section.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
    await expect(section.getByTestId('push-state')).toHaveText('Notifications are on for this phone.');
    const endpoint = await deviceEndpoint(page);

    const organiser = await organiserAccount(request);
    const title = `Quidditch moved ${Math.random().toString(36).slice(2, 7)}`;
    const sent = await request.post('/api/admin/announcements', {
      headers: bearer(organiser),
      data: {
        title,
        body: 'The final starts at four, on the north pitch.',
        audience: { kind: 'everyone' },
        channels: ['push'],
      },
    });
    expect(sent.status(), await sent.text()).toBeLessThan(300);

    // What the server sent, as the push service decrypted it (so the encryption and VAPID are right).
    let raw = '';
    await expect
      .poll(
        async () => {
          raw = (await pushService.messagesFor(endpoint)).find((m) => m.includes(title)) ?? '';
          return raw;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    const message = JSON.parse(raw) as { title: string; body: string; url: string; tag: string };
    expect(message).toMatchObject({ title, body: 'The final starts at four, on the north pitch.' });
    expect(message.tag).toMatch(/^announcement:/);

    // The push service hands it to the phone: the worker shows it, once even if it comes twice.
    const hook = await serviceWorkerHook(page);
    await hook.deliverPush('/profile', raw);
    await hook.deliverPush('/profile', raw);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title, body: message.body, tag: message.tag, url: new URL(message.url, page.url()).href }]);
    await hook.detach();

    await page.reload();
    await expect(section.getByRole('heading', { level: 4, name: title })).toBeVisible();
    expect((await myNotifications(request, participant)).announcements.map((a) => a.title)).toContain(title);
  });

  test('after a paid registration, the result page offers reminders on this phone, once', async ({
    context,
    page,
    request,
  }) => {
    await context.grantPermissions(['notifications']);
    await usePushService(context, pushService);
    const picked = await paidSoloOption(request);
    const participant = await createVerifiedAccount(request, { first_name: 'Percy' });
    await signIn(page, participant);
    await page.goto(`/event/${picked.position}/register?event=${picked.event.id}`);
    await page
      .getByRole('radio', { name: new RegExp(`^${escapeRegExp(picked.option.participation_name)} \\(`) })
      .check();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('button', { name: 'Pay and Register' }).click();
    await page.getByTestId('sandbox-checkout').getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/success$/);

    const card = page.getByRole('complementary', { name: 'Get reminders on this phone' });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Turn on notifications on this phone' }).click();
    await expect(card.getByTestId('push-state')).toHaveText('Notifications are on for this phone.');
    // Using the card stopped the countdown to the home page.
    await expect(page.getByRole('timer')).toHaveText('The page stays open.');
    expect((await myNotifications(request, participant)).devices).toHaveLength(1);
    await card.getByRole('button', { name: 'Close: no reminders offer again' }).click();
    await expect(card).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('notifications:offer-dismissed'))).toBe('1');
  });
});
