import { defineConfig } from '@playwright/test';
import baseConfig, { chromiumProject } from './playwright.config';
import {
  clusterMetricsToken,
  clusterPorts,
  clusterS3,
  clusterSkipReason,
  proxyUrl,
} from './e2e-cluster/support/cluster';

/**
 * Two production instances on one fresh PostgreSQL database (created on TEST_DATABASE_URL's server) behind
 * nginx (`npm run test:cluster`, after `npm run build`), their uploads in one S3 bucket: journeys that cross
 * instances (e2e-cluster/).
 * Without TEST_DATABASE_URL or nginx every journey is skipped with the reason, and no server starts.
 */
if (clusterSkipReason && !process.env.TEST_WORKER_INDEX) {
  console.warn(`test:cluster: skipped: ${clusterSkipReason}`);
}

export default defineConfig({
  ...baseConfig,
  projects: [chromiumProject],
  testDir: 'e2e-cluster',
  timeout: 60_000,
  use: { ...baseConfig.use, baseURL: proxyUrl },
  webServer: clusterSkipReason
    ? undefined
    : {
        command: 'tsx scripts/cluster-e2e.ts',
        url: `${proxyUrl}/api/ready`,
        timeout: 180_000,
        reuseExistingServer: false,
        // The script stops both instances (each in its own process group) and nginx, then drops its database.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        stdout: 'pipe',
        env: {
          BASE_PORT: String(clusterPorts.a),
          PROXY_PORT: String(clusterPorts.proxy),
          INSTANCES: '2',
          JWT_SECRET: 'cluster-e2e-secret-that-is-long-enough-for-hs256',
          SITE_URL: proxyUrl,
          LOG_LEVEL: 'warn',
          DEV_ORGANISER: 'true',
          PREVIEW: 'true',
          METRICS_TOKEN: clusterMetricsToken,
          // The instances keep uploads in one bucket of an S3 server the script starts (when installed).
          ...(clusterS3.missing
            ? {}
            : {
                S3_SERVER_PORT: String(clusterS3.port),
                S3_SERVER_BUCKET: clusterS3.bucket,
                S3_SERVER_DIRECTORY: clusterS3.directory,
              }),
        },
      },
});
