// npm run bench:cold-start [-- --starts=20 --no-write]: how long a serverless instance of the site takes from
// its process's start to its first answer, on the emulated platform (scripts/serverless/): for the home
// page, a read API and a signed-in API, each on a fresh instance every time, alternated, with the framework
// floor (a bare Next.js page, `next start`) started as many times in the same sitting. Writes the figures
// to its section of docs/performance.md (`bench:cold-start`).
import os from 'node:os';
import { connectPostgres } from '../lib/server/db/postgres-url';
import { wholeOption, gitCommit, productionBuildId } from './bench-context';
import { listenersOn } from './cluster-lib';
import { buildFloorApp, removeFloorApp, startNextServer, stopServer } from './floor-app';
import { writeSection } from './performance-doc';
import { createBuyers } from './rush-buyers';
import { percentile } from './rush-stats';
import { platformSkipReason } from './serverless/code-folder';
import { serverlessJwtSecret, startEmulation } from './serverless/emulation';

const args = process.argv.slice(2);
const starts = wholeOption(args, 'bench:cold-start', 'starts', 20);
const write = !args.includes('--no-write');
const ports = { front: 28300, instances: 28310, floor: 28390 };

const skip = platformSkipReason() ?? (process.env.TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL is unset');
if (skip) {
  console.error(`bench:cold-start: ${skip}`);
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from spawning the floor's server to the end of its first answer of `/`. */
async function floorColdStart(dir: string): Promise<number> {
  const started = performance.now();
  const server = startNextServer(dir, ports.floor);
  try {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${ports.floor}/`).catch(() => null);
      if (answer) {
        await answer.text();
        if (answer.status !== 200) throw new Error(`the floor answered ${answer.status}`);
        return performance.now() - started;
      }
      if (performance.now() - started > 60_000) throw new Error('the floor did not answer within 60 s');
      await sleep(5);
    }
  } finally {
    stopServer(server);
    while (listenersOn(ports.floor).length > 0) await sleep(20);
  }
}

const loadBefore = os.loadavg()[0]!.toFixed(2);
process.env.JWT_SECRET = serverlessJwtSecret;
console.log('bench:cold-start: building the framework floor');
const floorDir = buildFloorApp();
const emulation = await startEmulation({
  port: ports.front,
  instanceBasePort: ports.instances,
  maxInstances: 1,
  requestsPerInstance: 1,
});
const sql = connectPostgres(emulation.databaseUrl, { max: 1, onnotice: () => {} });
try {
  const [buyer] = await createBuyers(sql, 1);
  const targets: { label: string; path: string; headers: Record<string, string> }[] = [
    { label: 'home page `/`', path: '/', headers: {} },
    {
      label: 'read API (event categories)',
      path: '/api/admin/event-category/get-event-category',
      headers: {},
    },
    {
      label: 'signed-in API (own profile)',
      path: `/api/my-profile/${buyer!.id}`,
      headers: { authorization: `Bearer ${buyer!.token}` },
    },
  ];
  const platform = emulation.platform;

  /** One fresh instance's first answer: the platform's figure, from its process's start to the answer's end. */
  const coldStart = async (target: (typeof targets)[number]) => {
    const answer = await fetch(`${platform.url}${target.path}`, { headers: target.headers });
    const body = await answer.text();
    if (answer.status !== 200)
      throw new Error(`${target.path} answered ${answer.status}: ${body.slice(0, 200)}`);
    const id = Number(answer.headers.get('x-platform-instance'));
    await sleep(200); // the instance is thrown away after its one request: let it go before the next start
    const record = platform.instances.find((i) => i.id === id);
    if (!record?.coldStartMs) throw new Error(`no cold start recorded for instance ${id}`);
    return record.coldStartMs;
  };

  // One start of each, not counted: the first reads of the code folder from disk.
  await coldStart(targets[0]!);
  await floorColdStart(floorDir);

  const samples = new Map<string, number[]>([
    ...targets.map((t) => [t.label, []] as [string, number[]]),
    ['floor', []],
  ]);
  for (let round = 1; round <= starts; round += 1) {
    for (const target of targets) samples.get(target.label)!.push(await coldStart(target));
    samples.get('floor')!.push(await floorColdStart(floorDir));
    console.log(
      `round ${round}/${starts}: ${[...samples].map(([label, values]) => `${label.split(' ')[0]} ${Math.round(values.at(-1)!)} ms`).join(', ')}`,
    );
  }

  const floorP50 = percentile(samples.get('floor')!, 50);
  const row = (label: string, values: number[]) =>
    `| ${label} | ${Math.round(percentile(values, 50))} ms | ${Math.round(percentile(values, 99))} ms | ${Math.round(Math.min(...values))} ms | ${(percentile(values, 50) / floorP50).toFixed(1)}x |`;
  const table = [
    '| first answer of | p50 | p99 | fastest | p50 against the floor |',
    '| --- | --- | --- | --- | --- |',
    ...targets.map((t) => row(t.label, samples.get(t.label)!)),
    row('framework floor: a bare Next.js page, `next start`', samples.get('floor')!),
  ].join('\n');
  const cpus = os.cpus();
  const conditions =
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:cold-start\` at ${gitCommit()} ` +
    `(build ${productionBuildId()}), ${starts} starts of each, alternated, on ${cpus.length} CPU core(s) ` +
    `(${cpus[0]?.model.trim() ?? 'unknown'}), Node.js ${process.version}, load average before ${loadBefore}.`;
  console.log(`\n${conditions}\n\n${table}`);
  if (write) writeSection('cold-start', `${conditions}\n\n${table}`);
} finally {
  await sql.end({ timeout: 5 });
  await emulation.stop();
  removeFloorApp(floorDir);
}
