// The web server of playwright.cluster.config.ts: a fresh database on TEST_DATABASE_URL's server, seeded,
// two production instances on it and nginx in front (scripts/cluster-lib.ts); with S3_SERVER_PORT, an S3
// server (tests/support/s3-server.ts) whose bucket S3_SERVER_BUCKET keeps the instances' uploads. SIGTERM
// (Playwright's graceful shutdown) stops them all and drops the database again.
import fs from 'node:fs';
import { startS3Server, type RunningS3Server } from '../tests/support/s3-server';
import { intFromEnv, startCluster } from './cluster-lib';
import { createScratchDatabase, dropDatabase, dropStaleDatabases } from './scratch-database';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('cluster-e2e: TEST_DATABASE_URL is required (a PostgreSQL server to create a database on).');
  process.exit(1);
}

const prefix = 'festival_cluster_e2e_';

async function dropQuietly(database: string): Promise<void> {
  try {
    await dropDatabase(serverUrl!, database);
  } catch (error) {
    console.error(`cluster-e2e: could not drop ${database}:`, error instanceof Error ? error.message : error);
  }
}

// Databases an interrupted earlier run left behind (older than two hours, so never a parallel run's).
await dropStaleDatabases(serverUrl, prefix);
const { name, url: databaseUrl } = await createScratchDatabase(serverUrl, prefix);

const dataRoot = '.data/cluster-e2e';
fs.rmSync(dataRoot, { recursive: true, force: true });

// A signal while starting stops what has started (and the failure it causes drops the database).
const starting = new AbortController();
let stopCluster: (() => Promise<void>) | null = null;
let s3: RunningS3Server | null = null;
let stopping = false;
const stopS3 = () => s3?.stop().catch((error: unknown) => console.error('cluster-e2e: S3 server:', error));
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  if (!stopCluster) {
    starting.abort();
    return;
  }
  void stopCluster()
    .then(stopS3)
    .then(() => dropQuietly(name))
    .then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

try {
  const bucket = process.env.S3_SERVER_BUCKET ?? 'festival-uploads';
  if (process.env.S3_SERVER_PORT) {
    s3 = await startS3Server({
      port: intFromEnv('S3_SERVER_PORT', 1),
      buckets: [bucket],
      directory: process.env.S3_SERVER_DIRECTORY,
    });
    console.log(`[cluster-e2e] S3 server on ${s3.endpoint}, bucket ${bucket}`);
  }
  const cluster = await startCluster({
    databaseUrl,
    instances: intFromEnv('INSTANCES', 2),
    basePort: intFromEnv('BASE_PORT', 3500),
    proxyPort: intFromEnv('PROXY_PORT', 8500),
    seed: true,
    dataRoot,
    signal: starting.signal,
    env: s3?.appEnv(bucket),
  });
  stopCluster = cluster.stop;
  console.log(`[cluster-e2e] ready on ${cluster.proxyUrl}, database ${name}`);
} catch (error) {
  console.error('cluster-e2e:', error instanceof Error ? error.message : error);
  await stopS3();
  await dropQuietly(name);
  process.exit(1);
}
