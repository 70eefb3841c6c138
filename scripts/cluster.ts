// npm run start:cluster: N production instances of the site behind nginx, on one PostgreSQL database.
//
//   DATABASE_URL=postgres://… JWT_SECRET=… [INSTANCES=2] [BASE_PORT=3001] [PROXY_PORT=8080] npm run start:cluster
//
// Needs `npm run build` first and nginx installed. Each instance runs `next start` on 127.0.0.1:BASE_PORT+i
// with TRUSTED_PROXY_HOPS=1 and its own DATA_DIR (.data/cluster/instance-<i>); every other variable (PREVIEW,
// SMTP_URL, RAZORPAY_…, S3_…, SITE_URL, DEV_ORGANISER…) is passed through. CLUSTER_SEED=true seeds an empty
// database with the festival content first. Ctrl-C or SIGTERM stops everything. See docs/performance.md.
import { intFromEnv, startCluster } from './cluster-lib';

function fail(message: string): never {
  console.error(`start:cluster: ${message}`);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  fail(
    'DATABASE_URL is required: every instance must share one PostgreSQL database ' +
      '(the embedded database belongs to a single process).',
  );
}
if (!process.env.JWT_SECRET || process.env.JWT_SECRET.length < 32) {
  fail('JWT_SECRET (at least 32 characters) is required, and must be the same for every instance.');
}

let options;
try {
  options = {
    databaseUrl,
    instances: intFromEnv('INSTANCES', 2),
    basePort: intFromEnv('BASE_PORT', 3001),
    proxyPort: intFromEnv('PROXY_PORT', 8080),
    seed: process.env.CLUSTER_SEED === 'true',
  };
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// Signals during start-up stop what has started so far; afterwards, the running cluster.
const starting = new AbortController();
let stopCluster: (() => Promise<void>) | null = null;
let stopping = false;
const shutdown = (sig: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[cluster] ${sig}: stopping`);
  if (stopCluster) void stopCluster().then(() => process.exit(0));
  else starting.abort();
};
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => shutdown(sig));

try {
  const cluster = await startCluster({ ...options, signal: starting.signal });
  stopCluster = cluster.stop;
  console.log(`[cluster] ready: ${cluster.proxyUrl} (instances: ${cluster.instanceUrls.join(', ')})`);
} catch (error) {
  if (starting.signal.aborted) process.exit(0);
  fail(error instanceof Error ? error.message : String(error));
}
