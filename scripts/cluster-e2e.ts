// The web server of playwright.cluster.config.ts: a fresh database on TEST_DATABASE_URL's server, seeded,
// two production instances on it and nginx in front (scripts/cluster-lib.ts). SIGTERM (Playwright's
// graceful shutdown) stops them and drops the database again.
import fs from 'node:fs';
import postgres from 'postgres';
import { intFromEnv, startCluster } from './cluster-lib';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('cluster-e2e: TEST_DATABASE_URL is required (a PostgreSQL server to create a database on).');
  process.exit(1);
}

const name = `festival_cluster_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${name}`;

async function dropDatabase() {
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    console.error(`cluster-e2e: could not drop ${name}:`, error instanceof Error ? error.message : error);
  }
  await admin.end({ timeout: 5 });
}

const dataRoot = '.data/cluster-e2e';
fs.rmSync(dataRoot, { recursive: true, force: true });

try {
  const cluster = await startCluster({
    databaseUrl: databaseUrl.toString(),
    instances: intFromEnv('INSTANCES', 2),
    basePort: intFromEnv('BASE_PORT', 3500),
    proxyPort: intFromEnv('PROXY_PORT', 8500),
    seed: true,
    dataRoot,
  });
  console.log(`[cluster-e2e] ready on ${cluster.proxyUrl}, database ${name}`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void cluster
      .stop()
      .then(dropDatabase)
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
} catch (error) {
  console.error('cluster-e2e:', error instanceof Error ? error.message : error);
  await dropDatabase();
  process.exit(1);
}
