import { defineConfig } from '@playwright/test';
import { e2eServer } from './playwright.config';

/**
 * The Firefox suite (e2e-firefox/): Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi,
 * against the production build on a fresh embedded database of its own. Playwright runs the specs and the
 * server; the browser is puppeteer's (Playwright's own Firefox is a patched build that cannot be downloaded
 * here). FIREFOX_PATH overrides /usr/bin/firefox-esr.
 */
const port = Number(process.env.FIREFOX_E2E_PORT ?? 3110);

export default defineConfig({
  testDir: 'e2e-firefox',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: { baseURL: `http://localhost:${port}` },
  webServer: e2eServer(port, '.data/e2e-firefox'),
});
