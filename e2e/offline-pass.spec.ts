import { expect, test } from '@playwright/test';
import { createVerifiedAccount, signIn } from './support/accounts';
import { freeSoloEvent } from './support/events';

/*
 * The pass at a gate with no signal: a participant (registered for a free event through the API) opens
 * their profile once online; with the whole browser offline, service worker included, reloading /profile
 * still shows the pass. After logging out, nothing of it is left on the device.
 */

test('the profile and its pass open offline once shown, and logout leaves no offline copy', async ({
  context,
  page,
  request,
}) => {
  const { event, option } = await freeSoloEvent(request);
  const participant = await createVerifiedAccount(request, { first_name: 'Luna', last_name: 'Lovegood' });
  const registered = await request.post(`/api/event-register/event-registration/${event.id}`, {
    headers: { authorization: `Bearer ${participant.token}` },
    data: {
      registerData: {
        emails: [participant.email],
        isDAStudent: false,
        teamName: null,
        participationId: option.id,
      },
      payData: null,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await signIn(page, participant);
  await page.goto('/profile');
  const pass = page.getByRole('region', { name: 'Festival pass' });
  const codeText = pass.getByTestId('pass-code');
  await expect(codeText).toHaveText(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){7}$/);
  const code = (await codeText.textContent())!.trim();

  // Showing the pass installed the worker, which keeps the profile page.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        return (await caches.match('/profile')) !== undefined;
      }),
    )
    .toBe(true);

  await context.setOffline(true);
  // The worker is offline too, so what follows comes from its cache and not from the server.
  const [worker] = context.serviceWorkers();
  expect(worker, 'a service worker runs for /profile').toBeDefined();
  expect(
    await worker!.evaluate(() =>
      fetch('/api/health', { cache: 'no-store' }).then(
        () => 'reached the server',
        () => 'no network',
      ),
    ),
  ).toBe('no network');

  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(pass.getByText('You are offline: this is the pass saved on this device.')).toBeVisible();
  await expect(codeText).toHaveText(code);
  await expect(pass.getByRole('img', { name: 'QR code of your festival pass' })).toBeVisible();
  await expect(pass).toContainText('Luna Lovegood');

  // Back online, the participant logs out: the worker and its cache go with the saved pass.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Site menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged Out!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => caches.keys())).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  // The worker goes on serving this page until it leaves: the home page's assets, loaded through it after
  // logout, must not bring a cache back.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => caches.keys())).toEqual([]);

  await context.setOffline(true);
  await page.goto('/profile').catch(() => {
    // No network and no worker: the browser's own offline error, which is the point.
  });
  await expect(page.getByTestId('pass-code')).toHaveCount(0);
  await expect(page.getByText(code)).toHaveCount(0);
  await context.setOffline(false);
});
