import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedAccount } from './support/accounts';
import { freeSoloEvent } from './support/events';

/*
 * The account and registration screens validate with the shared zod schemas, but fetch zod only when a
 * form is first used (components/forms/lazy-zod-resolver.ts): it was some 30 KB gzip of each page's
 * script. These checks fail if a static import brings it back into the scripts a page starts with.
 */

/** The name zod gives its error class: a string literal, so it survives minification. */
const zodMarker = 'ZodError';

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

async function scriptsCarryingZod(request: APIRequestContext, sources: string[]): Promise<string[]> {
  const carrying: string[] = [];
  for (const src of sources) {
    const body = await (await request.get(src)).text();
    if (body.includes(zodMarker)) carrying.push(src);
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
    test(`${path} starts without zod`, async ({ request }) => {
      expect(await scriptsCarryingZod(request, await initialScripts(request, path))).toEqual([]);
    });
  }

  test('/event/{N}/register starts without zod', async ({ request }) => {
    const { event } = await freeSoloEvent(request);
    const leader = await createVerifiedAccount(request, { first_name: 'Hermione' });
    const path = `/event/1/register?event=${event.id}`;
    const sources = await initialScripts(request, path, { cookie: `token=${leader.token}` });
    expect(await scriptsCarryingZod(request, sources)).toEqual([]);
  });

  test('the login form fetches zod once focused, and validates with the shared messages', async ({
    page,
    request,
  }) => {
    const fetched = scriptsFetchedBy(page);
    await page.goto('/login');
    const logIn = page.getByRole('button', { name: 'Log in' });
    // Disabled until hydrated: by then every script the page starts with has run.
    await expect(logIn).toHaveJSProperty('disabled', false);
    expect(await scriptsCarryingZod(request, fetched)).toEqual([]);

    await page.getByLabel('Email').focus();
    await expect.poll(async () => (await scriptsCarryingZod(request, fetched)).length).toBeGreaterThan(0);
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
    expect(await scriptsCarryingZod(request, fetched)).toEqual([]);

    await page.getByLabel('First name').fill('Luna');
    await expect.poll(async () => (await scriptsCarryingZod(request, fetched)).length).toBeGreaterThan(0);
    // Still not valid with one field of nine: the button keeps looking disabled, now by the schema.
    await expect(getOtp).toHaveAttribute('aria-disabled', 'true');
  });
});
