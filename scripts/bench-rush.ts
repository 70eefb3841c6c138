// npm run bench:rush: the festival-day purchase rush. M verified buyers, made straight in the database (no
// sign-up mail), each buy one T-shirt and one stay through the production build, C buyers at a time, while
// one size and one stay option have S units each: create order (the hold), pay in the payment sandbox,
// confirm. Prints completed purchases per second, each step's p50/p95/p99, units sold against stock and
// orders paid without an outcome, and writes them with their conditions into docs/performance.md.
//
//   npm run build && DATABASE_URL=postgres://…/any npm run bench:rush [-- options]
//
// DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL server the benchmark's own database is created
// on (and dropped from afterwards). Without either, it starts a PostgreSQL server of its own (initdb and
// postgres on the PATH) on PG_PORT (54339) in a temporary folder. Then INSTANCES (2) production instances
// (`next start`) from BASE_PORT (3520) and nginx on PROXY_PORT (8520), as `npm run start:cluster` does.
//
// Options: --buyers=M (1000), --stock=S (500), --concurrency=C (50), --instances=N (INSTANCES, else 2),
// --direct (send the requests straight to the instances in turn instead of through nginx), --no-write
// (print only), --note="…" (what else ran on the machine; written with the conditions).
//
// --rate=R makes it an open rush instead: buyers arrive at R/2 a second (each makes two checkouts, so R
// purchases a second are offered), whether or not earlier ones have had their answers, as phones on
// festival day do. --concurrency keeps a fixed number of buyers busy with no pause between calls, which
// finds the most the site can do; --rate asks whether it keeps up with a given rate and how long each step
// takes then (docs/performance.md, "Two ways to rush, and the goal").
//
// --warm-up=W (1): rounds of the warm-up calls (below) each instance gets before the clock starts. One
// loads each step's route; a fresh instance is still slower for its first seconds under load while V8
// compiles the request path, so a few hundred rounds measure instances already warm, as they are after
// serving the site for a while.
import os from 'node:os';
import path from 'node:path';
import { connectPostgres } from '@/lib/server/db/postgres-url';
import { intFromEnv, previewEnv, serverNodeOptions, startCluster, type Cluster } from './cluster-lib';
import { gitCommit, optionOf, productionBuildId, wholeOption } from './bench-context';
import { performanceDoc, writeSection } from './performance-doc';
import {
  addStock,
  completionRate,
  failureSummary,
  goal,
  goalMisses,
  kinds,
  markdownTable,
  slowestBySecond,
  summarise,
  type Checkout,
} from './rush-stats';
import { createScratchDatabase } from './scratch-database';
import { databaseServer } from './bench-database';
import {
  chooseTargets,
  createBuyers,
  orderStates,
  setStock,
  stockAfter,
  type Buyer,
  type Targets,
} from './rush-buyers';
import { checkout, warmUp } from './rush-checkout';

const args = process.argv.slice(2);
const option = (name: string) => optionOf(args, name);
const whole = (name: string, fallback: number) => wholeOption(args, 'bench:rush', name, fallback);
const buyerCount = whole('buyers', 1000);
const stockUnits = whole('stock', 500);
const concurrency = whole('concurrency', 50);
const rate = option('rate') === undefined ? null : whole('rate', 1);
const warmUpRounds = whole('warm-up', 1);
/** How the buyers come, as the conditions say it. */
const pace =
  rate === null
    ? `${concurrency} at a time`
    : `arriving at ${rate / 2} a second (${rate} purchases a second offered)`;
/** Completed/s: over the whole rush when buyers come C at a time, over the completions when they arrive at a rate. */
const rateOf = (checkouts: Checkout[]) => (rate === null ? undefined : completionRate(checkouts));
if (rate !== null && option('concurrency') !== undefined) {
  console.error('bench:rush: give --rate or --concurrency, not both');
  process.exit(1);
}
const instances = whole('instances', intFromEnv('INSTANCES', 2));
const direct = args.includes('--direct');
const write = !args.includes('--no-write');
const note = option('note') ?? '';

/** How long to wait after the last buyer for webhooks still settling orders before counting the stuck ones. */
const settleWaitMs = 15_000;

// The buyers' tokens are signed with the same secret the instances get.
process.env.JWT_SECRET ??= 'bench-secret-that-is-long-enough-for-hs256-signing';

/**
 * The buyers, C at a time (each starts its next checkout as soon as the last one answered), or arriving at
 * a set rate (--rate). Each buys a T-shirt and a stay, half of them in the other order, so both race at once.
 */
async function rush(base: () => string, buyers: Buyer[], targets: Targets) {
  const checkouts: Checkout[] = [];
  let next = 0;
  let busy = 0;
  let mostBusy = 0;
  const started = performance.now();
  const progress = setInterval(() => {
    const done = checkouts.filter((c) => c.outcome === 'completed').length;
    console.log(
      `… ${next}/${buyers.length} buyers started, ${busy} busy, ${checkouts.length} checkouts ended, ${done} completed`,
    );
  }, 5_000);
  const buy = async (buyer: Buyer, index: number) => {
    busy += 1;
    mostBusy = Math.max(mostBusy, busy);
    const order = index % 2 === 0 ? kinds : [...kinds].reverse();
    for (const kind of order) checkouts.push(await checkout(base, buyer, kind, targets, started));
    busy -= 1;
  };
  try {
    if (rate === null) {
      await Promise.all(
        Array.from({ length: Math.min(concurrency, buyers.length) }, async () => {
          while (next < buyers.length) {
            const index = next++;
            await buy(buyers[index]!, index);
          }
        }),
      );
    } else {
      // Each arrival is due at a fixed time from the start; a late timer sends the overdue ones at once.
      const gapMs = 2000 / rate;
      const arrivals: Promise<void>[] = [];
      while (next < buyers.length) {
        const wait = started + next * gapMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const index = next++;
        arrivals.push(buy(buyers[index]!, index));
      }
      await Promise.all(arrivals);
    }
  } finally {
    clearInterval(progress);
  }
  return { checkouts, seconds: (performance.now() - started) / 1000, mostBusy };
}

// ---------- the run ----------

async function main() {
  const server = await databaseServer('festival-rush-pg-');
  const cleanup: (() => Promise<void>)[] = [server.stop];
  // Ctrl-C still stops the instances (also while they start), drops the database and stops a server of
  // our own.
  const stopAll = async () => {
    for (const step of cleanup.reverse().splice(0)) await step().catch(() => {});
  };
  const interrupted = new AbortController();
  process.once('SIGINT', () => {
    interrupted.abort();
    void stopAll().then(() => process.exit(130));
  });
  try {
    const scratch = await createScratchDatabase(server.url, 'festival_rush_');
    cleanup.push(() => scratch.drop());
    const cluster: Cluster = await startCluster({
      databaseUrl: scratch.url,
      instances,
      basePort: intFromEnv('BASE_PORT', 3520),
      proxyPort: intFromEnv('PROXY_PORT', 8520),
      seed: true,
      dataRoot: path.join('.data', 'cluster-rush'),
      signal: interrupted.signal,
      env: previewEnv(process.env.JWT_SECRET!),
    });
    cleanup.push(() => cluster.stop());

    const sql = connectPostgres(scratch.url, { max: 2, onnotice: () => {} });
    cleanup.push(() => sql.end({ timeout: 5 }));
    const targets = await chooseTargets(sql);
    await setStock(sql, targets, stockUnits);
    console.log(`Creating ${buyerCount} buyers …`);
    const buyers = await createBuyers(sql, buyerCount);

    // localhost may try ::1 first for every new connection; nginx and the instances listen on 127.0.0.1.
    const ipv4 = (url: string) => url.replace('//localhost:', '//127.0.0.1:');
    const instanceUrls = cluster.instanceUrls.map(ipv4);
    let turn = 0;
    const base = direct ? () => instanceUrls[turn++ % instanceUrls.length]! : () => ipv4(cluster.proxyUrl);
    for (let round = 0; round < warmUpRounds; round++) await warmUp(instanceUrls, buyers[0]!);

    const [pg] = await sql<{ version: string; fsync: string; commit: string }[]>`
      select split_part(version(), ' ', 2) as version, current_setting('fsync') as fsync,
      current_setting('synchronous_commit') as commit`;
    const loadBefore = os.loadavg().map((l) => l.toFixed(2));
    console.log(
      `Rush: ${buyerCount} buyers, ${stockUnits} units of each, ${pace}, ${direct ? 'direct' : 'through nginx'}`,
    );
    const { checkouts, seconds, mostBusy } = await rush(base, buyers, targets);

    // The sandbox's webhooks settle orders on their own schedule: give them time before counting.
    let after = await stockAfter(sql, targets);
    const waitStarted = Date.now();
    while (
      after.merchandise.paidWithoutOutcome + after.accommodation.paidWithoutOutcome > 0 &&
      Date.now() - waitStarted < settleWaitMs
    ) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      after = await stockAfter(sql, targets);
    }
    const waited = Math.round((Date.now() - waitStarted) / 1000);
    const states = await orderStates(sql);

    const rows = kinds.map((kind) =>
      summarise(
        kind,
        checkouts.filter((c) => c.kind === kind),
        buyerCount,
        after[kind],
        seconds,
        rateOf(checkouts.filter((c) => c.kind === kind)),
      ),
    );
    const overall = summarise(
      'both',
      checkouts,
      buyerCount,
      addStock(after.merchandise, after.accommodation),
      seconds,
      rateOf(checkouts),
    );
    rows.push(overall);

    const cpus = os.cpus();
    const buildId = productionBuildId();
    // One sentence a line: the Markdown reads as one paragraph, the source diff as sentences.
    const conditions = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} CPU core(s) (${cpus[0]?.model.trim() ?? 'unknown'}), Node.js ${process.version}.`,
      `The production build ${buildId} of commit ${gitCommit()}: ${cluster.instanceUrls.length} instance(s) of \`next start\` (NODE_OPTIONS=${serverNodeOptions()}) as a preview deployment (PREVIEW=true: the payment sandbox and the mail outbox, otherwise production), on PostgreSQL ${pg!.version} (${server.origin}; fsync ${pg!.fsync}, synchronous_commit ${pg!.commit}).`,
      direct
        ? 'Requests went straight to the instances, in turn.'
        : 'Requests went through nginx (deploy/nginx/festival.conf.template, least_conn).',
      `${buyerCount} verified buyers, made in the database beforehand with an identity proof each, ${pace}; each buys one T-shirt (${targets.variant.label}) and one stay (${targets.stay.label}), half of them in the other order; that size and that stay option have ${stockUnits} units each.`,
      'A checkout is create order (the hold), pay in the sandbox (`/sandbox/razorpay/v1/checkout/pay`, whose webhook races the confirmation), confirm; percentiles are over every call of a step, whatever it answered.',
      rate === null
        ? `Completed/s: completed purchases over the whole rush (${seconds.toFixed(1)} s).`
        : `Completed/s: completed purchases over the time from the first completion to the last (the rush took ${seconds.toFixed(1)} s with the refusals once sold out); at most ${mostBusy} buyers were waiting for an answer at once.`,
      'Sold: units in confirmed sales and bookings (the records, not the counters).',
      `Paid without outcome: an order left paid, or captured at the sandbox and neither fulfilled nor refunded there, counted ${waited} s after the last buyer.`,
      `Before the clock started each instance had ${warmUpRounds === 1 ? 'one round' : `${warmUpRounds} rounds`} of warm-up calls that change nothing (seven a round: each step's route with no token, an empty cart, no order)${warmUpRounds === 1 ? ', so it was fresh' : ''}.`,
      `The load came from this script (node:http, kept-alive connections) on the same machine. Load average before the run: ${loadBefore.join(', ')}.`,
      note ? `Also running: ${note}.` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const markdown = markdownTable(rows);
    const misses = goalMisses(overall);
    const verdict =
      misses.length === 0
        ? `Goal (${goal.perSecond} completed purchases/s, every step's p99 under ${goal.p99Ms} ms, none oversold, none paid without outcome): met.`
        : `Goal (${goal.perSecond} completed purchases/s, every step's p99 under ${goal.p99Ms} ms, none oversold, none paid without outcome): not met: ${misses.join('; ')}.`;
    const failures = failureSummary(checkouts);
    const details = [
      `Payment orders by state afterwards: ${states}.`,
      `Slowest answer of any step in each second of the rush (ms): ${slowestBySecond(checkouts).join(', ')}.`,
      ...after.counters.map((line) => `Counter mismatch: ${line}.`),
      ...(failures.length > 0
        ? [
            'Checkouts that did not complete (kind, step, status: message):',
            ...failures.slice(0, 8).map((f) => `- ${f}`),
          ]
        : []),
    ].join('\n');

    console.log(`\n${conditions}\n\n${markdown}\n\n${verdict}\n\n${details}`);
    if (write) {
      writeSection(
        'rush',
        `## Purchase rush (\`npm run bench:rush\`)\n\n${conditions}\n\n${markdown}\n\n${verdict}\n\n${details}`,
      );
      console.log(`\nWritten to ${performanceDoc}`);
    }
  } finally {
    await stopAll();
  }
}

main().catch((error: unknown) => {
  console.error('bench:rush:', error instanceof Error ? error.message : error);
  process.exit(1);
});
