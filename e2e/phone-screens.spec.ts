import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn, type TestAccount } from './support/accounts';
import { freeSoloEvent, registerFree } from './support/events';
import {
  controlsCoveredOnTab,
  expectInsideScreen,
  keepScreenshot,
  phoneHeight,
  phoneWidths,
  scrollThrough,
} from './support/phone-screen';
import { organiserPages, participantPages, signedOutPages } from './support/phone-pages';
import { skipSplash } from './support/splash';

/*
 * Every page as a phone shows it, signed out, as a participant and as an organiser, at 360 and 390 px:
 * the document is never wider than the screen (at load, after scrolling through it, with the menu open),
 * and tabbing never leaves the focused control under the fixed header or the Preview mark.
 * With PHONE_SHOTS=<folder> it also keeps a screenshot of each page at 390 px.
 */

/** The payment result screens count down five seconds and go home (SPEC.md): measured as loaded only. */
const leavesOnItsOwn = new Set(['/success', '/failure']);

async function checkPage(page: Page, path: string, role: string, width: number) {
  const label = `${role} ${path} at ${width} px`;
  await page.setViewportSize({ width, height: phoneHeight });
  await page.goto(path).catch(async (error: unknown) => {
    // A client-side redirect still running on the page before can abort this navigation: go again.
    if (!String(error).includes('ERR_ABORTED')) throw error;
    await page.goto(path);
  });
  await page.waitForLoadState('networkidle').catch(() => {});
  await expectInsideScreen(page, `${label}, as loaded`);
  if (width === 390) await keepScreenshot(page, `${role}${path.replace(/[/?=&]+/g, '_')}`);
  if (leavesOnItsOwn.has(path)) return;
  await scrollThrough(page);
  await expectInsideScreen(page, `${label}, scrolled through`);
  if (width === phoneWidths[0]) {
    expect.soft(await controlsCoveredOnTab(page, 20), `${label}: controls under a fixed layer`).toEqual([]);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible();
  await expectInsideScreen(page, `${label}, menu open`);
  const close = await page.getByRole('button', { name: 'Close menu' }).boundingBox();
  expect
    .soft(close && close.x + close.width <= width, `${label}: the menu's close button is off screen`)
    .toBe(true);
}

for (const width of phoneWidths) {
  test.describe(`every page fits a ${width} px phone`, () => {
    test.describe.configure({ timeout: 300_000 });

    test('signed out', async ({ page }) => {
      await skipSplash(page);
      for (const path of signedOutPages) await checkPage(page, path, 'visitor', width);
    });

    test('as a participant with a registration', async ({ page, request }) => {
      const { event, option } = await freeSoloEvent(request);
      const participant: TestAccount = await createVerifiedAccount(request, { first_name: 'Padma' });
      const registered = await registerFree(request, participant, event.id, option.id);
      expect(registered.status(), await registered.text()).toBe(201);
      await skipSplash(page);
      await signIn(page, participant);
      for (const path of participantPages(event.id)) await checkPage(page, path, 'participant', width);
    });

    test('as an organiser', async ({ page, request }) => {
      await signIn(page, await organiserAccount(request));
      for (const path of organiserPages) await checkPage(page, path, 'organiser', width);
    });
  });
}
