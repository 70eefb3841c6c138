// npm run bench:http: HTTP throughput of the production build with autocannon, straight to one instance and
// through nginx, for the public pages and the public read APIs. Prints a table and writes it, with the
// conditions it was measured in, into the marked section of docs/performance.md.
//
//   npm run build && DATABASE_URL=postgres://…/any npm run bench:http [-- options]
//
// Without BENCH_DIRECT_URL and BENCH_PROXY_URL it starts a cluster itself (scripts/cluster-lib.ts): a fresh
// database created on DATABASE_URL's (or TEST_DATABASE_URL's) server and seeded, INSTANCES (2) instances
// from BASE_PORT (3505), nginx on PROXY_PORT (8505); everything is stopped and dropped afterwards. With both
// URLs set it measures that running cluster instead (seeded content expected: /event/1 must exist).
//
// Options: --duration=S (5 s per run), --runs=N (3 runs per row; the row shows the median run by req/s and
// the lowest and highest req/s, since this machine's figures move by a third from one run to the next),
// --warmup=S (2 s of load on each path before its runs, not counted: the first requests of a route load and
// compile its code and fill the memory cache), --connections=N (50), --no-floor (skip the bare Next.js page), --no-write (print only), --note="…" (what
// else ran on the machine; written with the conditions).
//
// It also measures the framework floor (scripts/floor-app.ts), a bare Next.js page served by `next start`
// on its own, after the cluster has stopped, so the direct rows can be read against it.
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { intFromEnv, serverNodeOptions, startCluster, waitForHealthy, type Cluster } from './cluster-lib';
import { buildFloorApp, removeFloorApp, startNextServer, stopServer } from './floor-app';
import { gitCommit, optionOf, productionBuildId } from './bench-context';
import { performanceDoc, writeSection } from './performance-doc';
import { createScratchDatabase } from './scratch-database';

const pages = ['/', '/event', '/event/1', '/team', '/sponsers', '/pronite'];
const apis = [
  '/api/admin/getSponsors',
  '/api/admin/team/get-team',
  '/api/admin/event-category/get-event-category',
  '/api/admin/event-category/get-events-by-category/1',
];

const args = process.argv.slice(2);
const option = (name: string) => optionOf(args, name);
const duration = Number(option('duration') ?? 5);
const runs = Number(option('runs') ?? 3);
const warmup = Number(option('warmup') ?? 2);
const withFloor = !args.includes('--no-floor');
const connections = Number(option('connections') ?? 50);
const write = !args.includes('--no-write');
const note = option('note') ?? '';
if (!(duration > 0) || !(warmup >= 0) || !Number.isInteger(connections) || connections < 1 || !(runs >= 1)) {
  console.error(
    'bench:http: --duration and --warmup must be numbers of seconds, --connections and --runs whole numbers',
  );
  process.exit(1);
}

interface Row {
  path: string;
  via: 'direct' | 'proxy' | 'floor';
  requestsPerSecond: number;
  /** The lowest and highest req/s of the runs. */
  range: [number, number];
  p50: number;
  p99: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
}

/** The size of one answer as sent (no decompression), asking for `encoding`. */
function wireSize(url: string, encoding: 'identity' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (answer) => {
        let size = 0;
        answer.on('data', (chunk: Buffer) => (size += chunk.length));
        answer.on('end', () => resolve(size));
      })
      .on('error', reject);
  });
}

/** `seconds` of load on one URL from `connections` visitors that accept gzip, as a browser does. */
function load(url: string, seconds: number) {
  return autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
}

async function measureOnce(base: string, target: string, via: Row['via']): Promise<Row> {
  const result = await load(`${base}${target}`, duration);
  return {
    path: target,
    via,
    requestsPerSecond: Math.round(result.requests.average),
    range: [Math.round(result.requests.average), Math.round(result.requests.average)],
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse:
      result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** `runs` runs of one row: the median run by req/s, with the range of all of them. */
async function measure(base: string, target: string, via: Row['via']): Promise<Row> {
  const all: Row[] = [];
  if (warmup > 0) await load(`${base}${target}`, warmup);
  for (let i = 0; i < runs; i += 1) all.push(await measureOnce(base, target, via));
  all.sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = all[Math.floor(all.length / 2)]!;
  return {
    ...median,
    range: [all[0]!.requestsPerSecond, all[all.length - 1]!.requestsPerSecond],
    non2xx: all.reduce((sum, row) => sum + row.non2xx, 0),
    errors: all.reduce((sum, row) => sum + row.errors, 0),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function table(rows: Row[], sizes: Map<string, { raw: number; gzip: number }>): string {
  const lines = [
    '| path | via | req/s | req/s, all runs | p50 (ms) | p99 (ms) | KB per response (as sent) | non-2xx | errors | raw KB | gzip KB |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const size = sizes.get(r.path);
    lines.push(
      `| ${r.path} | ${r.via} | ${r.requestsPerSecond} | ${r.range[0]}–${r.range[1]} | ${r.p50} | ${r.p99} | ${kb(r.bytesPerResponse)} | ${r.non2xx} | ${r.errors} | ${size ? kb(size.raw) : ''} | ${size ? kb(size.gzip) : ''} |`,
    );
  }
  return lines.join('\n');
}

async function withOwnCluster<T>(run: (cluster: Cluster) => Promise<T>): Promise<T> {
  const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) {
    throw new Error(
      'Set DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server to create the benchmark database on, ' +
        'or BENCH_DIRECT_URL and BENCH_PROXY_URL to measure a running cluster.',
    );
  }
  const scratch = await createScratchDatabase(server, 'festival_bench_');
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({
      databaseUrl: scratch.url,
      instances: intFromEnv('INSTANCES', 2),
      basePort: intFromEnv('BASE_PORT', 3505),
      proxyPort: intFromEnv('PROXY_PORT', 8505),
      seed: true,
      dataRoot: path.join('.data', 'cluster-bench'),
      // A production site, as on festival day.
      // Nothing is mailed or paid during a read benchmark, so the SMTP and Razorpay settings are placeholders.
      env: {
        PREVIEW: 'false',
        SMTP_URL: 'smtp://127.0.0.1:9',
        RAZORPAY_KEY_ID: 'rzp_test_benchmark',
        RAZORPAY_KEY_SECRET: 'benchmark-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'benchmark-webhook-secret',
        JWT_SECRET: process.env.JWT_SECRET ?? 'bench-secret-that-is-long-enough-for-hs256-signing',
        LOG_LEVEL: 'warn',
      },
    });
    return await run(cluster);
  } finally {
    await cluster?.stop();
    await scratch.drop().catch(() => {});
  }
}

async function bench(direct: string, proxy: string, instances: number | string) {
  const loadBefore = os.loadavg().map((l) => l.toFixed(2));
  // One request to each target first, so neither side measures a cold render.
  for (const target of [...pages, ...apis]) {
    for (const base of [direct, proxy]) await wireSize(`${base}${target}`, 'gzip');
  }
  const sizes = new Map<string, { raw: number; gzip: number }>();
  for (const page of pages) {
    sizes.set(page, {
      raw: await wireSize(`${direct}${page}`, 'identity'),
      gzip: await wireSize(`${proxy}${page}`, 'gzip'),
    });
  }
  const rows: Row[] = [];
  for (const target of [...pages, ...apis]) {
    for (const [via, base] of [
      ['direct', direct],
      ['proxy', proxy],
    ] as const) {
      process.stdout.write(`${via} ${target} … `);
      const row = await measure(base, target, via);
      rows.push(row);
      console.log(`${row.requestsPerSecond} req/s, p99 ${row.p99} ms`);
    }
  }
  const cpus = os.cpus();
  const buildId = productionBuildId();
  const conditions = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with autocannon ${autocannonVersion()}`,
    `on ${cpus.length} CPU core(s) (${cpus[0]?.model.trim() ?? 'unknown'}), Node.js ${process.version},`,
    `the production build ${buildId} of commit ${gitCommit()} (\`next start\` with NODE_OPTIONS=${serverNodeOptions()}, PostgreSQL, seeded content),`,
    `${instances} instance(s) behind nginx (deploy/nginx/festival.conf.template), all on this one machine.`,
    `${connections} connections, ${warmup} s of load on each path first (not counted), then ${runs} run(s) of`,
    `${duration} s per row (the median run by req/s is shown),`,
    `\`accept-encoding: gzip\`; "direct" is one instance's`,
    `own port, "proxy" is nginx (its cache keeps what the app's Cache-Control allows). Load average before`,
    `the run: ${loadBefore.join(', ')}.${note ? ` Also running: ${note}.` : ''}`,
    'Raw and gzip KB: one HTML answer without compression (direct) and gzipped by nginx.',
  ].join('\n');
  return { rows, sizes, conditions };
}

function autocannonVersion(): string {
  try {
    return (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;
  } catch {
    return '';
  }
}

/** The bare Next.js page on its own `next start`, measured like a direct row. */
async function benchFloor(dir: string, sizes: Map<string, { raw: number; gzip: number }>): Promise<Row> {
  const port = intFromEnv('FLOOR_PORT', 3599);
  const server = startNextServer(dir, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealthy(base, 60_000, server);
    await wireSize(`${base}/`, 'gzip');
    sizes.set('bare Next.js page', {
      raw: await wireSize(`${base}/`, 'identity'),
      gzip: await wireSize(`${base}/`, 'gzip'),
    });
    process.stdout.write('floor / … ');
    const row = { ...(await measure(base, '/', 'floor')), path: 'bare Next.js page' };
    console.log(`${row.requestsPerSecond} req/s, p99 ${row.p99} ms`);
    return row;
  } finally {
    stopServer(server);
  }
}

async function main() {
  const direct = process.env.BENCH_DIRECT_URL;
  const proxy = process.env.BENCH_PROXY_URL;
  // Built first, so that the build is not running while anything is measured.
  const floorDir = withFloor ? buildFloorApp() : null;
  try {
    const result =
      direct && proxy
        ? await bench(direct.replace(/\/$/, ''), proxy.replace(/\/$/, ''), 'an unknown number of')
        : await withOwnCluster((cluster) =>
            bench(cluster.instanceUrls[0]!, cluster.proxyUrl, cluster.instanceUrls.length),
          );
    let conditions = result.conditions;
    if (floorDir) {
      result.rows.push(await benchFloor(floorDir, result.sizes));
      conditions +=
        '\nThe last row is the framework floor (scripts/floor-app.ts): a bare Next.js page of plain text built' +
        ' from the same packages, on its own `next start` after the cluster had stopped (gzip KB: by Next).';
    }
    const markdown = table(result.rows, result.sizes);
    console.log(`\n${conditions}\n\n${markdown}`);
    if (write) {
      const section = `## HTTP throughput (\`npm run bench:http\`)\n\n${conditions}\n\n${markdown}`;
      writeSection('http', section);
      console.log(`\nWritten to ${performanceDoc}`);
    }
  } finally {
    if (floorDir) removeFloorApp(floorDir);
  }
}

main().catch((error: unknown) => {
  console.error('bench:http:', error instanceof Error ? error.message : error);
  process.exit(1);
});
