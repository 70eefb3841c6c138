import fs from 'node:fs';
import path from 'node:path';
import { chromium, defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests run against the production build (`npm run build` first) on a fresh embedded database.
 * The browser is Playwright's own when installed, else CHROMIUM_PATH, else Debian's /usr/bin/chromium.
 */
function browserPath(): string | undefined {
  try {
    if (fs.existsSync(chromium.executablePath())) return undefined;
  } catch {
    // Playwright's browser is not installed; fall through to the system one.
  }
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = '.data/e2e';

/** The production build on `port`, on a fresh embedded database in `dataDir`: what every e2e suite tests. */
export function e2eServer(port: number, dataDir: string) {
  return {
    command: `rm -rf ${dataDir} && next start -p ${port}`,
    url: `http://localhost:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      SITE_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // The README's local organiser account, for the console journeys (off by default in production).
      DEV_ORGANISER: 'true',
      // A preview deployment: a production build with the payment sandbox and the organisers' mail outbox
      // (a production site that is not a preview refuses to start without SMTP and Razorpay keys).
      PREVIEW: 'true',
      // As if behind one proxy: the tests give each account its own client address in X-Forwarded-For,
      // so the per-IP limits of a whole run's sign-ups never add up.
      TRUSTED_PROXY_HOPS: '1',
      // A fixed test pair (made with `npx web-push generate-vapid-keys`, used nowhere else): the server
      // signs its pushes with it, and e2e/support/push-service.ts's push service checks the signature.
      VAPID_PUBLIC_KEY:
        'BDg4YelHqNm7myqj2c94bp6mKibZGdlrfuxKErSDLoXbJEzDKPrIt_D1o-mUzlna7arw4nGj-OUGCzXtnqYgN1M',
      VAPID_PRIVATE_KEY: 'cI83bpfHKLpWEb7Q-mCgEEwaObdRPEIohOl9DgNbYy0',
      VAPID_SUBJECT: 'mailto:e2e@aetherfest.example',
    },
  };
}

/** The desktop Chromium every suite runs in (the festival-day journeys have a project of their own). */
export const chromiumProject = {
  name: 'chromium',
  testIgnore: 'festival-day/**',
  use: { ...devices['Desktop Chrome'] },
};

/**
 * A second server for the journeys that need the festival's own days (a reminder 30 minutes before a
 * session): the same build on its own database, its clock started 20 minutes before the festival's first
 * day by e2e/support/festival-clock.cjs, so sessions of the first morning fall due during the run.
 */
const festivalDayPort = port + 1;
export const festivalDayClock = '2027-02-19T23:40:00+05:30';

function festivalDayServer() {
  const server = e2eServer(festivalDayPort, '.data/e2e-festival-day');
  return {
    ...server,
    env: {
      ...server.env,
      SITE_URL: `http://localhost:${festivalDayPort}`,
      FESTIVAL_CLOCK: festivalDayClock,
      NODE_OPTIONS: `--require ${path.resolve('e2e/support/festival-clock.cjs')}`,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: browserPath(),
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    chromiumProject,
    {
      name: 'festival-day',
      testMatch: 'festival-day/**/*.spec.ts',
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${festivalDayPort}` },
    },
  ],
  webServer: [e2eServer(port, e2eDataDir), festivalDayServer()],
});
