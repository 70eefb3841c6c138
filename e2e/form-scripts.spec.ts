import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createVerifiedAccount, setGuardCookie, signIn } from './support/accounts';
import { freeSoloEvent } from './support/events';

/*
 * The account and registration screens validate with the shared zod schemas through react-hook-form, but
 * fetch both only when a form is first used (components/forms/lazy-zod-resolver.ts, use-deferred-form.ts):
 * zod was some 30 KB gzip of each page's script, and react-hook-form's form ran in the page's hydration.
 * These checks fail if a static import brings either back into the scripts a page starts with.
 */

/** The name zod gives its error class: a string literal, so it survives minification. */
const zodMarker = 'ZodError';
/** The display name of react-hook-form's context, a string literal in its script. */
const formLibraryMarker = 'HookFormContext';

/** The scripts a page's HTML names (a noModule one, the legacy polyfills, no current browser runs). */
async function initialScripts(
  request: APIRequestContext,
  path: string,
  headers?: Record<string, string>,
): Promise<string[]> {
  const answer = await request.get(path, { headers, maxRedirects: 0 });
  expect(answer.status(), path).toBe(200);
  const html = await answer.text();
  const sources = [...html.matchAll(/<script src="([^"]+)"([^>]*)>/g)]
    .filter((match) => !/nomodule/i.test(match[2] ?? ''))
    .map((match) => match[1] ?? '');
  expect(sources.length, path).toBeGreaterThan(0);
  return sources;
}

async function scriptsCarrying(
  request: APIRequestContext,
  sources: string[],
  marker: string = zodMarker,
): Promise<string[]> {
  const carrying: string[] = [];
  for (const src of sources) {
    const body = await (await request.get(src)).text();
    if (body.includes(marker)) carrying.push(src);
  }
  return carrying;
}

/** The addresses of the scripts `page` receives from now on, filled in as they arrive. */
function scriptsFetchedBy(page: Page): string[] {
  const fetched: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') fetched.push(response.url());
  });
  return fetched;
}

test.describe('form scripts', () => {
  for (const path of ['/login', '/register', '/forgot-password', '/otp', '/reset-password']) {
    test(`${path} starts without zod or react-hook-form`, async ({ request }) => {
      const sources = await initialScripts(request, path);
      expect(await scriptsCarrying(request, sources)).toEqual([]);
      expect(await scriptsCarrying(request, sources, formLibraryMarker)).toEqual([]);
    });
  }

  test('/event/{N}/register starts without zod', async ({ request }) => {
    const { event } = await freeSoloEvent(request);
    const leader = await createVerifiedAccount(request, { first_name: 'Hermione' });
    const path = `/event/1/register?event=${event.id}`;
    const sources = await initialScripts(request, path, { cookie: `token=${leader.token}` });
    expect(await scriptsCarrying(request, sources)).toEqual([]);
  });

  // Screens that show their visitor's purchases and plans: their plain rules (the cart's, a stay's price,
  // the certificates' paths, the reminders' channels) are in zod-free modules beside the schemas.
  test('the signed-in screens of shopping, the profile and a payment start without zod', async ({
    request,
  }) => {
    const visitor = await createVerifiedAccount(request, { first_name: 'Ginny' });
    for (const path of ['/profile', '/merchandise', '/accomodation', '/success', '/failure']) {
      const sources = await initialScripts(request, path, { cookie: `token=${visitor.token}` });
      expect(await scriptsCarrying(request, sources), path).toEqual([]);
    }
  });

  test('the login form fetches zod and react-hook-form once focused, and validates with the shared messages', async ({
    page,
    request,
  }) => {
    const fetched = scriptsFetchedBy(page);
    await page.goto('/login');
    const logIn = page.getByRole('button', { name: 'Log in' });
    // Disabled until hydrated: by then every script the page starts with has run.
    await expect(logIn).toHaveJSProperty('disabled', false);
    expect(await scriptsCarrying(request, fetched)).toEqual([]);
    expect(await scriptsCarrying(request, fetched, formLibraryMarker)).toEqual([]);

    await page.getByLabel('Email').focus();
    await expect.poll(async () => (await scriptsCarrying(request, fetched)).length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await scriptsCarrying(request, fetched, formLibraryMarker)).length)
      .toBeGreaterThan(0);
    await logIn.click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
  });

  test('the sign-up form follows its validity, and fetches zod, only once the visitor is in it', async ({
    page,
    request,
  }) => {
    const fetched = scriptsFetchedBy(page);
    await page.goto('/register');
    const getOtp = page.getByRole('button', { name: 'Get Otp' });
    await expect(getOtp).toHaveJSProperty('disabled', false);
    await expect(getOtp).toHaveAttribute('aria-disabled', 'true');
    await page.waitForLoadState('networkidle');
    expect(await scriptsCarrying(request, fetched)).toEqual([]);

    await page.getByLabel('First name').fill('Luna');
    await expect.poll(async () => (await scriptsCarrying(request, fetched)).length).toBeGreaterThan(0);
    // Still not valid with one field of nine: the button keeps looking disabled, now by the schema.
    await expect(getOtp).toHaveAttribute('aria-disabled', 'true');
  });

  test('a login typed and sent before the form library arrives is sent once, with what was typed', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request, { first_name: 'Neville' });
    // react-hook-form's script arrives two seconds late, as on a slow link.
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(formLibraryMarker)) await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fulfill({ response, body });
    });
    const logins: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/login')) logins.push(sent.method());
    });
    await page.goto('/login');
    const logIn = page.getByRole('button', { name: 'Log in' });
    await expect(logIn).toHaveJSProperty('disabled', false);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // Waiting for the library, the button says the form is on its way.
    await expect(logIn).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText('Welcome back Neville')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(logins).toEqual(['POST']);
  });

  test('the sign-up form checks what was typed before the form library arrived', async ({ page }) => {
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(formLibraryMarker)) await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fulfill({ response, body });
    });
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Get Otp' })).toHaveJSProperty('disabled', false);
    await page.getByLabel('Phone number').fill('12345');
    // Checked on every change once the library is in, as if typed then.
    await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
  });
});

/*
 * A signed-in screen is rendered for its visitor, controls and all, but the controls are worked by the
 * script: until it runs they are held (components/forms/held-until-hydrated.tsx), or a tap on a slow phone
 * would be lost, or undone by hydration and never saved.
 */
/** One control of each signed-in screen that works as soon as its script runs. */
const heldControls: { path: string; control: (page: Page) => Locator }[] = [
  { path: '/profile', control: (page) => page.getByRole('radio', { name: 'No reminders' }) },
  {
    path: '/merchandise',
    control: (page) => page.getByRole('button', { name: /^Add size \S+ to cart$/ }).first(),
  },
  // A kind of stay (Book Now itself waits for a proof as well, script or not).
  { path: '/accomodation', control: (page) => page.getByRole('radio').first() },
];

test.describe('signed-in screens before their script', () => {
  test.use({ javaScriptEnabled: false });

  test('the profile, the shop and a stay show their controls held', async ({ page, request }) => {
    await setGuardCookie(page.context(), await createVerifiedAccount(request, { first_name: 'Dean' }));
    for (const { path, control } of heldControls) {
      await page.goto(path);
      await expect(control(page), path).toBeDisabled();
    }
  });
});

test("once the script runs, the signed-in screens' controls are free", async ({ page, request }) => {
  await signIn(page, await createVerifiedAccount(request, { first_name: 'Seamus' }));
  for (const { path, control } of heldControls) {
    await page.goto(path);
    await expect(control(page), path).toBeEnabled();
  }
});
