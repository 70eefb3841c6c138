import { defineConfig } from '@playwright/test';
import baseConfig, { chromiumProject } from './playwright.config';
import { platformPorts } from './e2e-serverless/support/ports';

/**
 * The site on an emulated serverless platform (`npm run test:serverless`, after `npm run build`): the
 * journeys of e2e-serverless/ start the platform themselves (scripts/serverless/), on a scratch database of
 * TEST_DATABASE_URL's server. Without root or a build they are skipped with the reason; in CI that fails.
 */
export default defineConfig({
  ...baseConfig,
  projects: [chromiumProject],
  testDir: 'e2e-serverless',
  timeout: 120_000,
  use: { ...baseConfig.use, baseURL: `http://127.0.0.1:${platformPorts.front}` },
  webServer: undefined,
});
