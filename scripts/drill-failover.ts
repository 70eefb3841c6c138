// npm run drill:failover: the database's primary dies in the middle of a purchase rush, and nothing is lost.
//
//   npm run build && npm run drill:failover [-- --buyers=360 --rate=12 --stock=250 --kill-after=10 --no-write]
//
// Starts a pg_auto_failover formation (failover-formation.ts: a monitor on 26010, node1 the primary on 26001,
// node2 its synchronous standby on 26002), migrates and seeds it, and starts 2 production instances (26020,
// 26021; PREVIEW=true: the payment sandbox and the mail outbox) behind nginx (26030) with the site's
// multi-host DATABASE_URL. Buyers arrive at --rate a second, each buying a T-shirt and a stay of which there
// are --stock units. --kill-after seconds in, node1's keeper and PostgreSQL are killed with SIGKILL; the
// standby takes over and the rush goes on. Afterwards the reconciliation runs as an operator would run it
// (`npm run payments:reconcile`), and the drill checks that:
// - every answer was a success, a refusal (409) or a 503 with Retry-After: never a 500, a 502 or silence;
// - /api/ready answered 200 through nginx, and a purchase step succeeded, within 30 s of the kill;
// - every purchase a buyer was told of (201) is in the database, with exactly one confirmation mail each;
// - every payment captured at the sandbox was fulfilled or refunded, exactly once;
// - nothing was oversold;
// - the killed node, started again, rejoins as the new primary's standby.
// It prints its figures and writes them into docs/performance.md (section drill-failover), then exits 1
// naming every check that failed. It builds nothing: run `npm run build` first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPostgres, describeConnection } from '@/lib/server/db/postgres-url';
import { accommodationBookingMail, merchandiseOrderMail } from '@/lib/server/mail/shop-mails';
import { gitCommit, productionBuildId, wholeOption } from './bench-context';
import { previewEnv, serverNodeOptions, startCluster, type Cluster } from './cluster-lib';
import {
  answerProblems,
  paymentOutcome,
  paymentProblems,
  purchaseProblems,
  recoveryProblems,
  statusCounts,
  stockProblems,
  type BuyerPurchases,
  type CapturedPayment,
  type SeenAnswer,
} from './failover-checks';
import {
  isSteady,
  monitorHealthSettings,
  primaryOf,
  startFormation,
  type Formation,
} from './failover-formation';
import { performanceDoc, writeSection } from './performance-doc';
import {
  chooseTargets,
  createBuyers,
  orderStates,
  setStock,
  stockAfter,
  type Buyer,
  type Sql,
  type Targets,
} from './rush-buyers';
import { checkoutSteps, warmUp } from './rush-checkout';
import { failureSummary, kinds, type Checkout, type Kind } from './rush-stats';

// Below 32768, Linux's first ephemeral port: the rush's own outgoing connections take local ports from
// 32768 up, and one of them on a port the drill then listens on makes that listen fail.
const ports = { monitor: 26010, nodes: [26001, 26002], instances: 26020, proxy: 26030 };
/** The site must answer again within this time of the kill (issue 40). */
const recoveryLimitMs = 30_000;
/** How long the killed node may take to rejoin as a standby once started again. */
const rejoinLimitMs = 90_000;
/** How long to wait after the last buyer for webhooks still settling orders. */
const settleWaitMs = 15_000;

const args = process.argv.slice(2);
const whole = (name: string, fallback: number) => wholeOption(args, 'drill:failover', name, fallback);
const buyerCount = whole('buyers', 360);
const rate = whole('rate', 12);
const stockUnits = whole('stock', 250);
const killAfterSeconds = whole('kill-after', 10);
const write = !args.includes('--no-write');

process.env.JWT_SECRET ??= 'drill-secret-that-is-long-enough-for-hs256-signing';

/** The instances' environment: a preview deployment (sandbox and outbox), whatever this shell has. */
const siteEnv = previewEnv(process.env.JWT_SECRET!, { LOG_LEVEL: 'error' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

interface Timeline {
  rushStarted: number;
  killedAt: number | null;
  readyBackAt: number | null;
  purchaseBackAt: number | null;
  /** When the monitor first reported node2 as the primary (wait_primary or primary). */
  promotedAt: number | null;
}

interface Finished {
  buyer: Buyer;
  checkout: Checkout;
}

/**
 * Buyers arriving at `rate` a second whatever the answers, each buying both kinds in turn (half of them
 * in the other order). Every answer is kept, with when its request started, for the checks.
 */
async function rush(
  base: string,
  buyers: Buyer[],
  targets: Targets,
  timeline: Timeline,
  answers: SeenAnswer[],
) {
  const finished: Finished[] = [];
  const gapMs = 1000 / rate;
  const observe = (
    step: SeenAnswer['step'],
    answer: { status: number; ms: number; retryAfter?: string; message?: string },
  ) => {
    const startedAt = performance.now() - answer.ms;
    answers.push({ step, status: answer.status, retryAfter: answer.retryAfter, message: answer.message });
    const succeeded = answer.status === 200 || answer.status === 201;
    if (succeeded && timeline.killedAt !== null && startedAt > timeline.killedAt) {
      timeline.purchaseBackAt ??= performance.now();
    }
  };
  const buy = async (buyer: Buyer, index: number) => {
    const order = index % 2 === 0 ? kinds : [...kinds].reverse();
    for (const kind of order) {
      const checkout = await checkoutSteps(() => base, buyer, kind, targets, observe);
      finished.push({ buyer, checkout });
    }
  };
  const progress = setInterval(() => {
    const done = finished.filter((f) => f.checkout.outcome === 'completed').length;
    const unavailable = answers.filter((a) => a.status === 503).length;
    console.log(`… ${finished.length} checkouts ended, ${done} completed, ${unavailable} answers 503`);
  }, 5_000);
  const arrivals: Promise<void>[] = [];
  try {
    for (let next = 0; next < buyers.length; next++) {
      const wait = timeline.rushStarted + next * gapMs - performance.now();
      if (wait > 0) await sleep(wait);
      arrivals.push(buy(buyers[next]!, next));
    }
    await Promise.all(arrivals);
  } finally {
    clearInterval(progress);
  }
  return finished;
}

/**
 * From the kill, the readiness probe through nginx every 250 ms until it answers 200 (the database answers
 * again; /api/health is liveness, 200 throughout).
 */
async function watchReadiness(proxyUrl: string, timeline: Timeline, until: () => boolean) {
  while (timeline.readyBackAt === null && !until()) {
    try {
      const answer = await fetch(`${proxyUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (answer.status === 200) timeline.readyBackAt = performance.now();
    } catch {
      // no answer yet
    }
    await sleep(250);
  }
}

/** From the kill, the monitor every 200 ms until it has assigned node2 the primary's role. */
async function watchPromotion(formation: Formation, timeline: Timeline, until: () => boolean) {
  while (timeline.promotedAt === null && !until()) {
    const states = await formation.states().catch(() => []);
    const node2 = states.find((s) => s.name === 'node2');
    if (node2 && ['wait_primary', 'primary'].includes(node2.reported))
      timeline.promotedAt = performance.now();
    await sleep(200);
  }
}

/** The payments captured at the sandbox and what became of each (failover-checks.ts judges them). */
async function capturedPayments(sql: Sql): Promise<CapturedPayment[]> {
  const rows = await sql<
    { id: string; amount: number; refunded: number; fulfilled: boolean; outcomes: number; refunds: number }[]
  >`
    select s.id, (s.data->>'amount')::int as amount, (s.data->>'amount_refunded')::int as refunded,
      coalesce(p.state = 'fulfilled' and p.provider_payment_id = s.id, false) as fulfilled,
      ((select count(*) from merchandise_orders m where m.payment_order_id = p.id and m.status = 'confirmed')
        + (select count(*) from accommodation_bookings b
           where b.payment_order_id = p.id and b.status = 'confirmed'))::int as outcomes,
      (select count(*) from sandbox_records r where r.kind = 'refund' and r.data->>'payment_id' = s.id)::int
        as refunds
    from sandbox_records s left join payment_orders p on p.provider_order_id = s.order_id
    where s.kind = 'payment' and (s.data->>'captured')::boolean`;
  return rows.map((r) => ({
    paymentId: r.id,
    amount: r.amount,
    refunded: r.refunded,
    fulfilledByIt: r.fulfilled,
    outcomes: r.outcomes,
    refunds: r.refunds,
  }));
}

/** Each buyer's purchases of each kind in the database, told to the buyer, and mailed. */
async function buyerPurchases(sql: Sql, buyers: Buyer[], finished: Finished[]): Promise<BuyerPurchases[]> {
  // The subjects the shop's own mail builders give (the other fields do not change them).
  const someone = { email: 'x@example.com', fullName: 'X' };
  const subject: Record<Kind, string> = {
    merchandise: merchandiseOrderMail(someone, { productName: 'x', lines: [], totalPaise: 0 }).subject,
    accommodation: accommodationBookingMail(someone, {
      type: 'x',
      startDate: 'x',
      endDate: 'x',
      nights: 1,
      amountPaise: 0,
    }).subject,
  };
  const rows = await sql<
    {
      id: string;
      email: string;
      merchandise: number;
      accommodation: number;
      merchandise_mails: number;
      accommodation_mails: number;
    }[]
  >`
    select u.id, u.email,
      (select count(*) from merchandise_orders m where m.user_id = u.id and m.status = 'confirmed')::int
        as merchandise,
      (select count(*) from accommodation_bookings b where b.user_id = u.id and b.status = 'confirmed')::int
        as accommodation,
      (select count(*) from mail_outbox o where o.to = u.email and o.subject = ${subject.merchandise})::int
        as merchandise_mails,
      (select count(*) from mail_outbox o where o.to = u.email and o.subject = ${subject.accommodation})::int
        as accommodation_mails
    from users u where u.id = any(${buyers.map((b) => b.id)}::uuid[])`;
  const acknowledged = (id: string, kind: Kind) =>
    finished.filter(
      (f) => f.buyer.id === id && f.checkout.kind === kind && f.checkout.outcome === 'completed',
    ).length;
  return rows.flatMap((r) =>
    kinds.map((kind) => ({
      email: r.email,
      kind,
      purchases: r[kind],
      acknowledged: acknowledged(r.id, kind),
      mails: r[`${kind}_mails`],
    })),
  );
}

/** `npm run payments:reconcile` against the formation, as an operator runs it after an incident. */
function reconcile(databaseUrl: string): string {
  const run = spawnSync('npm', ['run', '--silent', 'payments:reconcile'], {
    env: { ...process.env, ...siteEnv, NODE_ENV: 'production', DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  if (run.status !== 0) throw new Error(`payments:reconcile failed:\n${output}`);
  return output.split('\n').find((line) => line.startsWith('Reconciled:')) ?? output;
}

async function main() {
  if (!fs.existsSync(path.join('.next', 'BUILD_ID'))) {
    throw new Error('No production build in .next: run `npm run build` first (the drill builds nothing).');
  }
  const cleanup: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const step of cleanup.reverse().splice(0)) await step().catch(() => {});
  };
  const interrupted = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted.abort();
      void stopAll().then(() => process.exit(130));
    });
  }
  // A crash of this process must not leave the formation and the instances running either.
  process.once('uncaughtException', (error: unknown) => {
    console.error('drill:failover: uncaught exception:', error);
    interrupted.abort();
    void stopAll().then(() => process.exit(1));
  });
  // postgres.js 3.4.9 rejects an internal promise nobody awaits (its first query of a connection, for the
  // array types) when a server resets a connection it is opening, as a dying primary does: Node would end
  // the drill for it. Noted, not fatal; the drill's own queries fail (and are handled) the usual way.
  process.on('unhandledRejection', (reason: unknown) => {
    console.warn(
      'drill:failover: a promise nobody awaited was rejected:',
      (reason as Error)?.message ?? reason,
    );
  });
  const drillStarted = performance.now();
  try {
    const formation = await startFormation({
      monitorPort: ports.monitor,
      nodePorts: ports.nodes,
      database: 'festival',
    });
    cleanup.push(() => formation.stop());
    const databaseUrl = formation.url;
    console.log(`DATABASE_URL=${databaseUrl} (${describeConnection(databaseUrl)})`);

    const cluster: Cluster = await startCluster({
      databaseUrl,
      instances: 2,
      basePort: ports.instances,
      proxyPort: ports.proxy,
      seed: true,
      dataRoot: path.join('.data', 'cluster-failover'),
      signal: interrupted.signal,
      env: siteEnv as Record<string, string>,
    });
    cleanup.push(() => cluster.stop());

    const sql = connectPostgres(databaseUrl, { max: 2, onnotice: () => {}, connect_timeout: 5 });
    cleanup.push(() => sql.end({ timeout: 5 }));
    const [replication] = await sql<{ version: string; standbys: string; commit: string; fsync: string }[]>`
      select split_part(version(), ' ', 2) as version, current_setting('synchronous_standby_names') as standbys,
      current_setting('synchronous_commit') as commit, current_setting('fsync') as fsync`;
    const [streaming] = await sql<{ sync_state: string }[]>`select sync_state from pg_stat_replication`;
    if (!replication!.standbys || !streaming || !['sync', 'quorum'].includes(streaming.sync_state)) {
      throw new Error(
        `Replication is not synchronous (synchronous_standby_names '${replication!.standbys}', ` +
          `standby ${streaming?.sync_state ?? 'not streaming'}).`,
      );
    }
    const targets = await chooseTargets(sql);
    await setStock(sql, targets, stockUnits);
    console.log(`Creating ${buyerCount} buyers …`);
    const buyers = await createBuyers(sql, buyerCount);
    const ipv4 = (url: string) => url.replace('//localhost:', '//127.0.0.1:');
    await warmUp(cluster.instanceUrls.map(ipv4), buyers[0]!);
    const proxyUrl = ipv4(cluster.proxyUrl);

    const loadBefore = os.loadavg().map((l) => l.toFixed(2));
    const timeline: Timeline = {
      rushStarted: performance.now(),
      killedAt: null,
      readyBackAt: null,
      purchaseBackAt: null,
      promotedAt: null,
    };
    const answers: SeenAnswer[] = [];
    console.log(
      `Rush: ${buyerCount} buyers at ${rate} a second, ${stockUnits} units of each; node1 dies ${killAfterSeconds} s in`,
    );
    let rushOver = false;
    const watchers: Promise<void>[] = [];
    const killer = (async () => {
      await sleep(killAfterSeconds * 1000);
      timeline.killedAt = performance.now();
      await formation.kill('node1');
      const givenUp = () => rushOver && performance.now() - timeline.killedAt! > 2 * recoveryLimitMs;
      watchers.push(
        watchReadiness(proxyUrl, timeline, givenUp),
        watchPromotion(formation, timeline, givenUp),
      );
    })();
    const finished = await rush(proxyUrl, buyers, targets, timeline, answers);
    await killer;
    rushOver = true;
    await Promise.all(watchers);
    const rushSeconds = (performance.now() - timeline.rushStarted) / 1000;
    if (timeline.killedAt === null) throw new Error('The rush ended before the kill: give more --buyers.');

    // The sandbox's webhooks settle what the buyers' confirmations did not; then the operator's reconcile.
    let after = await stockAfter(sql, targets);
    const settleStarted = Date.now();
    while (
      after.merchandise.paidWithoutOutcome + after.accommodation.paidWithoutOutcome > 0 &&
      Date.now() - settleStarted < settleWaitMs
    ) {
      await sleep(1_000);
      after = await stockAfter(sql, targets);
    }
    const stuckBeforeReconcile =
      after.merchandise.paidWithoutOutcome + after.accommodation.paidWithoutOutcome;
    const reconciled = reconcile(databaseUrl);
    console.log(reconciled);
    after = await stockAfter(sql, targets);

    const payments = await capturedPayments(sql);
    const purchases = await buyerPurchases(sql, buyers, finished);
    const states = await orderStates(sql);
    const since = (at: number | null) => (at === null ? null : at - timeline.killedAt!);
    const back = { readyMs: since(timeline.readyBackAt), purchaseMs: since(timeline.purchaseBackAt) };

    // The old primary comes back as the standby of the new one (the fail-back's first step).
    const rejoinStarted = performance.now();
    formation.restart('node1');
    let rejoinMs: number | null = null;
    const rejoinProblems: string[] = [];
    try {
      await formation.waitFor(
        (s) => isSteady(s) && primaryOf(s)?.name === 'node2',
        rejoinLimitMs,
        'node1 rejoining',
      );
      rejoinMs = performance.now() - rejoinStarted;
    } catch (error) {
      rejoinProblems.push(error instanceof Error ? error.message : String(error));
    }

    const checks: [string, string[]][] = [
      ['Every answer a success, a refusal or a 503 with Retry-After', answerProblems(answers)],
      [`The site answered again within ${recoveryLimitMs / 1000} s`, recoveryProblems(back, recoveryLimitMs)],
      ['Every acknowledged purchase kept, one confirmation mail each', purchaseProblems(purchases)],
      ['Every captured payment fulfilled or refunded exactly once', paymentProblems(payments)],
      ['Nothing oversold, nothing paid without an outcome', stockProblems(after, after.counters)],
      ['The old primary rejoined as a standby', rejoinProblems],
    ];
    const outcomes = payments.map(paymentOutcome);
    const completed = finished.filter((f) => f.checkout.outcome === 'completed').length;
    const unavailable = answers.filter((a) => a.status === 503).length;
    const failures = failureSummary(finished.map((f) => f.checkout));
    const cpus = os.cpus();
    const totalSeconds = (performance.now() - drillStarted) / 1000;

    const conditions = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} CPU core(s) (${cpus[0]?.model.trim() ?? 'unknown'}), Node.js ${process.version}; load average before the rush ${loadBefore.join(', ')}.`,
      `The production build ${productionBuildId()} of commit ${gitCommit()}: 2 instances of \`next start\` (NODE_OPTIONS=${serverNodeOptions()}, PREVIEW=true) behind nginx, DATABASE_URL \`${databaseUrl}\`.`,
      `PostgreSQL ${replication!.version} under pg_auto_failover ${pgAutoctlVersion()}: a monitor and two nodes on this machine, synchronous_standby_names '${replication!.standbys}' (standby ${streaming.sync_state}), synchronous_commit ${replication!.commit}, fsync ${replication!.fsync}; the monitor's ${Object.entries(
        monitorHealthSettings,
      )
        .map(([k, v]) => `${k.replace('pgautofailover.', '')} ${v}`)
        .join(', ')} (ms).`,
      `${buyerCount} buyers arriving at ${rate} a second, each buying one T-shirt (${targets.variant.label}) and one stay (${targets.stay.label}), ${stockUnits} units of each; a step that fails ends that checkout (no retries).`,
      `${killAfterSeconds} s into the rush node1 (the primary) had its pg_autoctl keeper and PostgreSQL killed with SIGKILL.`,
    ].join('\n');
    const table = [
      '| Measure | Value |',
      '| --- | --- |',
      `| Monitor assigned node2 the primary's role | ${seconds(since(timeline.promotedAt))} after the kill |`,
      `| First /api/ready 200 through nginx | ${seconds(back.readyMs)} after the kill |`,
      `| First purchase step (sent after the kill) that succeeded | ${seconds(back.purchaseMs)} after the kill |`,
      `| Answers | ${statusCounts(answers)} |`,
      `| Answers 503 (all with Retry-After) | ${unavailable} |`,
      `| Checkouts completed / ended | ${completed} / ${finished.length} |`,
      `| Payments captured at the sandbox | ${payments.length}: ${outcomes.filter((o) => o === 'fulfilled').length} fulfilled, ${outcomes.filter((o) => o === 'refunded').length} refunded |`,
      `| Paid without outcome before the reconcile | ${stuckBeforeReconcile} |`,
      `| Sold of stock (T-shirts, stays) | ${after.merchandise.sold}/${after.merchandise.stock}, ${after.accommodation.sold}/${after.accommodation.stock} |`,
      `| node1 back as the standby of node2 | ${seconds(rejoinMs)} after its keeper started again |`,
      `| The rush; the whole drill | ${rushSeconds.toFixed(1)} s; ${totalSeconds.toFixed(0)} s |`,
    ].join('\n');
    const verdicts = checks
      .map(([what, problems]) =>
        problems.length === 0
          ? `- ${what}: passed.`
          : `- ${what}: **failed**: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}.`,
      )
      .join('\n');
    const details = [
      `Payment orders by state afterwards: ${states}.`,
      `The reconciliation afterwards: ${reconciled.replace(/^Reconciled: /, '')}.`,
      ...(failures.length > 0
        ? [
            'Checkouts that did not complete (kind, step, status: message):',
            ...failures.slice(0, 6).map((f) => `- ${f}`),
          ]
        : []),
    ].join('\n');
    const report = `${conditions}\n\n${table}\n\n${verdicts}\n\n${details}`;
    console.log(`\n${report}`);
    if (write) {
      // Under the document's own heading for this drill, between its markers.
      writeSection('drill-failover', report);
      console.log(`\nWritten to ${performanceDoc}`);
    }
    const failed = checks.filter(([, problems]) => problems.length > 0);
    if (failed.length > 0) {
      console.error(
        `\ndrill:failover: ${failed.length} check(s) failed: ${failed.map(([what]) => what).join('; ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await stopAll();
  }
}

function pgAutoctlVersion(): string {
  const run = spawnSync('pg_autoctl', ['--version'], { encoding: 'utf8' });
  return run.stdout?.match(/pg_autoctl version (\S+)/)?.[1] ?? 'unknown';
}

main().catch((error: unknown) => {
  console.error('drill:failover:', error instanceof Error ? error.message : error);
  process.exit(1);
});
