import { expect, test } from '@playwright/test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { splashSeenKey } from '../../components/home/splash-key';
import type { TestAccount } from '../../e2e/support/accounts';

/*
 * Firefox ESR through puppeteer-core over WebDriver BiDi. One browser per spec file; each test opens a
 * page that records every uncaught page error and every CSP violation, and `expectCleanPage` fails on
 * any. Pages are found by their roles' names through the DOM (aria-label or text), which is what a
 * screen reader or a student reads.
 */

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

let browser: Browser | undefined;

export function withFirefox() {
  test.beforeAll(async () => {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: true,
      protocol: 'webDriverBiDi',
    });
  });
  test.afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
}

export interface WatchedPage {
  page: Page;
  /** Uncaught errors and refused content (CSP) seen on the page so far. */
  problems: string[];
  /** True while `visit` navigates away from the page before. */
  leaving: boolean;
}

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('The Firefox suite needs the baseURL of playwright.firefox.config.ts');
  return url;
}

/** A new page at a phone's size, signed in as `account` when given, recording errors and CSP refusals. */
export async function openPage(
  options: { width?: number; account?: TestAccount } = {},
): Promise<WatchedPage> {
  if (!browser) throw new Error('Call withFirefox() in the spec file');
  const page = await browser.newPage();
  await page.setViewport({ width: options.width ?? 390, height: 780 });
  const problems: string[] = [];
  const watched: WatchedPage = { page, problems, leaving: false };
  page.on('pageerror', (error) => {
    // A chunk the page being left was still loading, cut off by the navigation away: the profile's
    // service worker's fetch is aborted and Firefox reports it on the dying page. No student sees it.
    if (watched.leaving && /A ServiceWorker intercepted the request/.test(String(error))) return;
    problems.push(`page error: ${String(error)}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy|CSP/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  await page.evaluateOnNewDocument(
    (key: string, token: string | null) => {
      try {
        window.sessionStorage.setItem(key, '1');
        if (token) window.localStorage.setItem('token', token);
      } catch {
        // about:blank has no storage.
      }
      document.addEventListener('securitypolicyviolation', (event) => {
        const seen = ((window as unknown as { __csp?: string[] }).__csp ??= []);
        seen.push(`${event.violatedDirective} refused ${event.blockedURI}`);
      });
    },
    splashSeenKey,
    options.account?.token ?? null,
  );
  if (options.account) {
    // The guard cookie read by proxy.ts, written from a page of the site: Firefox drops a cookie that
    // WebDriver BiDi sets before the first navigation (puppeteer's setCookie then finds none).
    const token = options.account.token;
    await page.goto(new URL('/coming', baseUrl()).toString());
    await page.evaluate((value: string) => {
      document.cookie = `token=${value}; path=/; samesite=lax`;
    }, token);
  }
  return watched;
}

/** Opens `path` and waits until the network is quiet. */
export async function visit(watched: WatchedPage, path: string): Promise<void> {
  const { page } = watched;
  watched.leaving = true;
  try {
    await page.goto(new URL(path, baseUrl()).toString(), { waitUntil: 'load' });
  } finally {
    watched.leaving = false;
  }
  await page.waitForNetworkIdle({ idleTime: 300, timeout: 15_000 }).catch(() => {});
}

/** Opens the site menu (again, if a click landed before the page's script was ready for it). */
export async function openMenu({ page }: WatchedPage, label: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await press(page, 'Open menu');
    const opened = await page
      .waitForSelector('[role="dialog"][aria-label="Site menu"]', { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (opened) return;
  }
  throw new Error(`${label}: the menu never opened`);
}

/** Fails on any page error or CSP violation seen since the page opened. */
export async function expectCleanPage(watched: WatchedPage, label: string): Promise<void> {
  const refused = await watched.page
    .evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
    .catch(() => [] as string[]);
  expect([...watched.problems, ...refused.map((r) => `CSP: ${r}`)], `${label}: errors on the page`).toEqual(
    [],
  );
}

/** Waits for text anywhere on the page (its rendered text, as a reader sees it). */
export async function expectText(page: Page, text: string | RegExp): Promise<void> {
  const source = typeof text === 'string' ? text : text.source;
  const isPattern = typeof text !== 'string';
  await page
    .waitForFunction(
      (wanted: string, pattern: boolean) => {
        const shown = document.body.innerText;
        return pattern ? new RegExp(wanted).test(shown) : shown.includes(wanted);
      },
      { timeout: 15_000 },
      source,
      isPattern,
    )
    .catch(() => {
      throw new Error(`"${source}" never appeared on ${page.url()}`);
    });
}

/** Clicks the enabled button (or link) whose accessible name (aria-label, else its text) is `name`. */
export async function press(page: Page, name: string, selector = 'button, a'): Promise<void> {
  const handle = await page.waitForFunction(
    (wanted: string, css: string) =>
      [...document.querySelectorAll<HTMLElement>(css)].find(
        (el) =>
          (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === wanted &&
          // :disabled, not the property: a control inside a disabled fieldset (a signed-in page's
          // controls until hydration, HeldUntilHydrated) has its own `disabled` false.
          !el.matches(':disabled') &&
          el.getClientRects().length > 0,
      ),
    { timeout: 15_000 },
    name,
    selector,
  );
  const element = handle.asElement();
  if (!element) throw new Error(`No "${name}" on ${page.url()}`);
  await (element as unknown as { click: () => Promise<void> }).click();
}

/** Types into the field labelled `label`. */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  const id = await page.waitForFunction(
    (wanted: string) =>
      [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(wanted))?.htmlFor,
    { timeout: 15_000 },
    label,
  );
  await page.type(`[id="${String(await id.jsonValue())}"]`, value);
}
