import { expect, test } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, type TestAccount } from '../e2e/support/accounts';
import { freeSoloEvent, registerFree } from '../e2e/support/events';
import { organiserPages, participantPages, signedOutPages } from '../e2e/support/phone-pages';
import { measureWidth, phoneWidths } from '../e2e/support/phone-screen';
import { expectCleanPage, openMenu, openPage, withFirefox, visit, type WatchedPage } from './support/firefox';

/*
 * Every page at 360 and 390 px in Firefox, as e2e/phone-screens.spec.ts checks them in Chromium: never
 * wider than the screen, as loaded, scrolled through and with the menu open; no page error, no CSP refusal.
 */

withFirefox();

async function expectInsideScreen(watched: WatchedPage, label: string, width: number) {
  const { width: pageWidth, culprits } = await watched.page.evaluate(measureWidth);
  expect.soft(pageWidth, `${label}: ${pageWidth} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(width);
}

async function walk(pages: string[], role: string, account?: TestAccount) {
  for (const width of phoneWidths) {
    const watched = await openPage({ width, account });
    for (const path of pages) {
      const label = `${role} ${path} at ${width} px`;
      await visit(watched, path);
      // A signed-in walk must see the pages themselves, not the login they would send a stranger to.
      if (account) {
        const { pathname, search } = new URL(watched.page.url());
        expect(`${pathname}${search}`, label).toBe(path);
      }
      await expectInsideScreen(watched, `${label}, as loaded`, width);
      // The payment result screens count down and go home on their own (SPEC.md): measured as loaded.
      if (path === '/success' || path === '/failure') continue;
      await watched.page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight * 0.8) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo(0, 0);
      });
      await expectInsideScreen(watched, `${label}, scrolled through`, width);
      await openMenu(watched, label);
      await expectInsideScreen(watched, `${label}, menu open`, width);
    }
    await expectCleanPage(watched, `${role} at ${width} px`);
    await watched.page.close();
  }
}

test.describe('every page fits a phone in Firefox', () => {
  test.describe.configure({ timeout: 300_000 });

  test('signed out', async () => {
    await walk(signedOutPages, 'visitor');
  });

  test('as a participant with a registration', async ({ request }) => {
    const { event, option } = await freeSoloEvent(request);
    const participant = await createVerifiedAccount(request, { first_name: 'Parvati' });
    const registered = await registerFree(request, participant, event.id, option.id);
    expect(registered.status(), await registered.text()).toBe(201);
    await walk(participantPages(event.id), 'participant', participant);
  });

  test('as an organiser', async ({ request }) => {
    await walk(organiserPages, 'organiser', await organiserAccount(request));
  });
});
