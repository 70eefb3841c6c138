// The web server of playwright.cluster.config.ts: a fresh database on TEST_DATABASE_URL's server, seeded,
// two production instances on it and nginx in front (scripts/cluster-lib.ts). SIGTERM (Playwright's
// graceful shutdown) stops them and drops the database again.
import fs from 'node:fs';
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
let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  if (!stopCluster) {
    starting.abort();
    return;
  }
  void stopCluster()
    .then(() => dropQuietly(name))
    .then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

try {
  const cluster = await startCluster({
    databaseUrl,
    instances: intFromEnv('INSTANCES', 2),
    basePort: intFromEnv('BASE_PORT', 3500),
    proxyPort: intFromEnv('PROXY_PORT', 8500),
    seed: true,
    dataRoot,
    signal: starting.signal,
  });
  stopCluster = cluster.stop;
  console.log(`[cluster-e2e] ready on ${cluster.proxyUrl}, database ${name}`);
} catch (error) {
  console.error('cluster-e2e:', error instanceof Error ? error.message : error);
  await dropQuietly(name);
  process.exit(1);
}
