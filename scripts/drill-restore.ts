// npm run drill:restore: restore the festival database to a chosen minute from pgBackRest, and prove it.
//
//   npm run build && npm run drill:restore [-- --target="2026-02-14 18:41:00+05:30"] [--no-write]
//
// 1. A throwaway PostgreSQL 15 server (as the postgres user, in a temporary folder) archiving its WAL to a
//    throwaway pgBackRest repository, with the configuration of deploy/pgbackrest/ rendered for that folder
//    (scripts/pgbackrest-config.ts). The stanza is created and a full backup taken while it is empty.
// 2. The database is migrated and seeded, one production instance of the site (a preview: payment sandbox
//    and mail outbox) starts on it behind nginx, and buyers buy a T-shirt and a stay through it in rounds
//    (the rush's own checkout, scripts/rush-checkout.ts): round A, a differential backup, the target T (the
//    next whole minute, or --target), round B, then an organiser's mistake, then round C. The mistake: in
//    psql, meaning to delete their own test orders, an organiser runs `delete from merchandise_orders;` with
//    the WHERE clause forgotten, and every T-shirt order (and its lines) is gone.
// 3. `pgbackrest check` archives the last WAL; a new data directory is restored to T (--type=time,
//    promoting at the target) and started on its own port, never over the source.
// 4. Before anything runs on it, SQL compares the restored rows with the source's row by row through the
//    commit time of the transaction that wrote each (track_commit_timestamp, scripts/restore-verdict.ts):
//    everything committed by T is there as it was, the deleted orders of before T are back, nothing
//    committed after T is. Then the site starts on the restored database and each buyer's "My plans"
//    (/api/my-plans) must show exactly the T-shirt orders and stay they had at T.
//
// It exits non-zero saying what failed, prints its figures (backup times and sizes, WAL archived, restore
// and recovery times) and writes them into docs/performance.md's drill-restore section (not with
// --no-write). Ports 27000-27021 (below Linux's ephemeral ports, which the drill's own connections take); everything it starts is stopped again, also on Ctrl-C.
//
// --target: when to restore to, with its zone ("YYYY-MM-DD HH:MM:SS+05:30"). It must fall during the run:
// a time a minute or two from now (the drill waits for it after round A), not one before the drill began.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPostgres } from '@/lib/server/db/postgres-url';
import { findTool } from './find-tool';
import { gitCommit, optionOf, productionBuildId } from './bench-context';
import { portInUse, previewEnv, serverNodeOptions, startCluster, type Cluster } from './cluster-lib';
import {
  initDataDir,
  ownedDir,
  ownedTempDir,
  runAs,
  serverOwner,
  startServer,
  type Owner,
  type RunningServer,
} from './local-postgres';
import { performanceDoc, writeSection } from './performance-doc';
import { renderPgBackRestConfig, renderPostgresArchiving, type ArchivingLayout } from './pgbackrest-config';
import { describeMicros, formatTarget, parseTarget, type RestoreTarget } from './restore-target';
import {
  comparePlans,
  expectedPlans,
  judgeRestore,
  type ExpectedPlans,
  type RowVersion,
} from './restore-verdict';
import { chooseTargets, createBuyers, setStock, type Buyer, type Sql, type Targets } from './rush-buyers';
import { checkout, warmUp } from './rush-checkout';
import { kinds, type Checkout } from './rush-stats';

const args = process.argv.slice(2);
const write = !args.includes('--no-write');
const targetOption = optionOf(args, 'target');
const givenTarget = targetOption === undefined ? null : parseTarget(targetOption);

// Below 32768, Linux's first ephemeral port (see drill-failover.ts).
const ports = {
  source: 27000,
  restored: 27001,
  sourceSite: 27010,
  sourceProxy: 27011,
  restoredSite: 27020,
  restoredProxy: 27021,
};
/** Buyers in each round, and how long each round spreads them over (seconds). */
const rounds = {
  a: { buyers: 20, seconds: 40 },
  b: { buyers: 12, seconds: 40 },
  c: { buyers: 8, seconds: 20 },
};
const stanza = 'festival';
const databaseName = 'festival';
/** The longest the drill waits for an operator's --target to come. */
const longestWaitMs = 10 * 60_000;

// The buyers' tokens are signed with the secret both sites get.
process.env.JWT_SECRET ??= 'drill-restore-secret-long-enough-for-hs256-signing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const log = (line: string) => console.log(`[drill:restore] ${line}`);

/** The tables compared row by row, with the columns that say whose a row is and its state. */
const checkedTables = [
  { table: 'payment_orders', user: 'user_id', status: 'state' },
  { table: 'merchandise_orders', user: 'user_id', status: 'status' },
  { table: 'merchandise_order_lines', user: null, status: null },
  { table: 'accommodation_bookings', user: 'user_id', status: 'status' },
] as const;

type Table = (typeof checkedTables)[number];

interface VersionRow {
  id: string;
  xmin: string;
  committed_us: string | null;
  user_id: string | null;
  status: string | null;
}

/** The select of one table's row versions: id, writing transaction, its commit time in microseconds. */
function versionsQuery(t: Table, where = ''): string {
  return `select id::text as id, xmin::text as xmin,
    (extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000000)::bigint::text as committed_us,
    ${t.user ? `${t.user}::text` : 'null'} as user_id, ${t.status ?? 'null'} as status
    from ${t.table} ${where}`;
}

function toVersions(t: Table, rows: readonly VersionRow[]): RowVersion[] {
  return rows.map((row) => {
    if (row.committed_us === null) {
      throw new Error(`${t.table} ${row.id} has no commit time: is track_commit_timestamp on?`);
    }
    return {
      table: t.table,
      id: row.id,
      xmin: row.xmin,
      committedUs: Number(row.committed_us),
      ...(row.user_id ? { userId: row.user_id } : {}),
      ...(row.status ? { status: row.status } : {}),
    };
  });
}

async function rowVersions(sql: Sql): Promise<RowVersion[]> {
  const all: RowVersion[] = [];
  for (const t of checkedTables) all.push(...toVersions(t, await sql.unsafe<VersionRow[]>(versionsQuery(t))));
  return all;
}

// ---------- pgBackRest ----------

function pgbackrestInstalled(): boolean {
  return findTool(['pgbackrest'], ['version']) !== null;
}

/** Runs one pgbackrest command as the server's owner; throws with its output when it fails. */
function pgbackrest(layout: ArchivingLayout, owner: Owner, command: string[]): string {
  const run = runAs(owner, path.dirname(layout.configPath), 'pgbackrest', [
    `--config=${layout.configPath}`,
    `--stanza=${layout.stanza}`,
    ...command,
  ]);
  if (run.status !== 0) {
    throw new Error(`pgbackrest ${command.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  }
  return run.stdout;
}

/** Seconds a pgbackrest command took. */
function timed(layout: ArchivingLayout, owner: Owner, command: string[]): number {
  const started = performance.now();
  pgbackrest(layout, owner, command);
  return (performance.now() - started) / 1000;
}

interface BackupInfo {
  label: string;
  type: string;
  timestamp: { start: number; stop: number };
  info: { size: number; delta: number; repository: { size: number; delta: number } };
}

function backupsOf(layout: ArchivingLayout, owner: Owner): BackupInfo[] {
  const [stanzaInfo] = JSON.parse(pgbackrest(layout, owner, ['--output=json', 'info'])) as {
    backup: BackupInfo[];
  }[];
  return stanzaInfo?.backup ?? [];
}

/** The WAL segments in the repository's archive and their bytes (compressed). */
function archivedWal(repoPath: string): { segments: number; bytes: number } {
  const root = path.join(repoPath, 'archive', stanza);
  let segments = 0;
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^[0-9A-F]{24}-/.test(entry.name)) {
        segments += 1;
        bytes += fs.statSync(full).size;
      }
    }
  };
  if (fs.existsSync(root)) walk(root);
  return { segments, bytes };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ---------- the buyers ----------

/**
 * One round: the buyers arrive spread over `roundSeconds`, each buying a T-shirt and then a stay through
 * the site. Resolves when every checkout has its answer.
 */
async function buyingRound(
  base: string,
  buyers: readonly Buyer[],
  targets: Targets,
  roundSeconds: number,
): Promise<Checkout[]> {
  const started = performance.now();
  const gapMs = (roundSeconds * 1000) / Math.max(1, buyers.length);
  const checkouts: Checkout[] = [];
  await Promise.all(
    buyers.map(async (buyer, i) => {
      await sleep(i * gapMs);
      for (const kind of kinds) checkouts.push(await checkout(() => base, buyer, kind, targets, started));
    }),
  );
  return checkouts;
}

/** Waits (at most 20 s) until no order is left paid without its outcome: the sandbox's webhooks settle late. */
async function settle(sql: Sql): Promise<void> {
  for (const until = Date.now() + 20_000; Date.now() < until;) {
    const [row] = await sql<{ open: number }[]>`
      select count(*)::int as open from payment_orders where state = 'paid'`;
    if (row!.open === 0) return;
    await sleep(500);
  }
}

function roundSummary(name: string, checkouts: Checkout[]): string {
  const completed = checkouts.filter((c) => c.outcome === 'completed').length;
  const failed = checkouts.filter((c) => c.outcome !== 'completed');
  const why = failed
    .slice(0, 3)
    .map((c) => `${c.kind} ${c.failedAt} ${c.status}: ${c.message}`)
    .join('; ');
  return `round ${name}: ${completed} of ${checkouts.length} checkouts completed${failed.length ? ` (${why})` : ''}`;
}

// ---------- what the restored site shows ----------

interface PlansAnswer {
  data?: { merchandiseOrders?: { id: string }[]; stay?: { id: string } | null };
}

async function plansShown(base: string, buyers: readonly Buyer[]): Promise<Map<string, ExpectedPlans>> {
  const seen = new Map<string, ExpectedPlans>();
  for (const buyer of buyers) {
    const answer = await fetch(`${base}/api/my-plans`, {
      headers: { authorization: `Bearer ${buyer.token}` },
      signal: AbortSignal.timeout(30_000),
    });
    if (!answer.ok) throw new Error(`GET /api/my-plans for ${buyer.email} answered ${answer.status}`);
    const body = (await answer.json()) as PlansAnswer;
    seen.set(buyer.id, {
      teeOrderIds: (body.data?.merchandiseOrders ?? []).map((o) => o.id),
      stayId: body.data?.stay?.id ?? null,
    });
  }
  return seen;
}

// ---------- the run ----------

function siteEnv(): Record<string, string> {
  return previewEnv(process.env.JWT_SECRET!);
}

const ipv4 = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

async function main(): Promise<string[]> {
  const drillStarted = performance.now();
  if (!fs.existsSync(path.join('.next', 'BUILD_ID'))) {
    throw new Error('No production build in .next: run `npm run build` first.');
  }
  if (!pgbackrestInstalled()) {
    throw new Error('pgbackrest is not installed: apt-get install pgbackrest (Debian, 2.45 or later).');
  }
  for (const port of Object.values(ports)) {
    if (await portInUse(port)) throw new Error(`Port ${port} is already in use.`);
  }

  const cleanup: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const step of cleanup.reverse().splice(0)) {
      try {
        await step();
      } catch (error) {
        console.error('[drill:restore] cleanup:', error instanceof Error ? error.message : error);
      }
    }
  };
  const interrupted = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted.abort();
      log(`${signal}: stopping everything the drill started`);
      void stopAll().then(() => process.exit(130));
    });
  }
  const stillRunning = () => {
    if (interrupted.signal.aborted) throw new Error('Interrupted.');
  };

  try {
    // ----- 1. the server, its archiving and the first backup -----
    const owner = serverOwner();
    const dir = ownedTempDir('festival-restore-drill-', owner);
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));
    const layout: ArchivingLayout = {
      stanza,
      dataDir: path.join(dir, 'source'),
      port: ports.source,
      socketDir: dir,
      repoPath: ownedDir(dir, 'repo', owner),
      logPath: ownedDir(dir, 'log', owner),
      lockPath: ownedDir(dir, 'lock', owner),
      configPath: path.join(dir, 'pgbackrest.conf'),
      retentionFull: 2,
      retentionDiff: 6,
      archiveTimeout: 60,
    };
    fs.writeFileSync(layout.configPath, renderPgBackRestConfig(layout));
    if (owner.uid !== undefined) fs.chownSync(layout.configPath, owner.uid, owner.gid!);
    initDataDir(layout.dataDir, owner, renderPostgresArchiving(layout));
    log(`PostgreSQL on port ${ports.source} (${layout.dataDir}), repository ${layout.repoPath}`);
    const source = await startServer({
      dataDir: layout.dataDir,
      port: ports.source,
      socketDir: dir,
      owner,
    });
    cleanup.push(() => source.stop());
    pgbackrest(layout, owner, ['stanza-create']);
    const fullSeconds = timed(layout, owner, ['--type=full', 'backup']);
    const backupDoneMs = Date.now();
    log(`full backup of the empty server in ${seconds(fullSeconds * 1000)} s`);

    const admin = connectPostgres(source.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${databaseName}`);
    await admin.end({ timeout: 5 });
    const sourceUrl = source.url.replace(/\/postgres$/, `/${databaseName}`);

    // ----- 2. the site, the buyers, the target, the mistake -----
    stillRunning();
    const site: Cluster = await startCluster({
      databaseUrl: sourceUrl,
      instances: 1,
      basePort: ports.sourceSite,
      proxyPort: ports.sourceProxy,
      seed: true,
      dataRoot: path.join(dir, 'site-source'),
      signal: interrupted.signal,
      env: siteEnv(),
    });
    cleanup.push(() => site.stop());
    const sql = connectPostgres(sourceUrl, { max: 2, onnotice: () => {} });
    cleanup.push(() => sql.end({ timeout: 5 }));
    const targets = await chooseTargets(sql);
    const buyerCount = rounds.a.buyers + rounds.b.buyers + rounds.c.buyers;
    await setStock(sql, targets, buyerCount * 2);
    // Every buyer exists before round A, so each can ask the restored site for their plans.
    const buyers = await createBuyers(sql, buyerCount);
    const base = ipv4(site.proxyUrl);
    await warmUp(site.instanceUrls.map(ipv4), buyers[0]!);
    const inRound = {
      a: buyers.slice(0, rounds.a.buyers),
      b: buyers.slice(rounds.a.buyers, rounds.a.buyers + rounds.b.buyers),
      c: buyers.slice(rounds.a.buyers + rounds.b.buyers),
    };
    if (givenTarget && givenTarget.epochUs / 1000 < backupDoneMs) {
      throw new Error(
        `--target ${givenTarget.text} is before this drill's first backup: give a time during the run, e.g. ${formatTarget(Date.now() + 120_000)}.`,
      );
    }

    log(`round A: ${rounds.a.buyers} buyers over ${rounds.a.seconds} s`);
    const roundA = await buyingRound(base, inRound.a, targets, rounds.a.seconds);
    await settle(sql);
    log(roundSummary('A', roundA));
    stillRunning();
    // The night's differential backup: the restore starts from it and replays only the WAL after it.
    const diffSeconds = timed(layout, owner, ['--type=diff', 'backup']);
    log(`differential backup in ${seconds(diffSeconds * 1000)} s`);

    // The target: the operator's, or the next whole minute (a restore "to 18:41" is what one asks for).
    const target: RestoreTarget =
      givenTarget ?? parseTarget(formatTarget(Math.ceil((Date.now() + 1000) / 60_000) * 60_000));
    const waitMs = target.epochUs / 1000 - Date.now();
    if (waitMs > longestWaitMs) throw new Error(`--target ${target.text} is more than 10 minutes away.`);
    if (waitMs > 0) {
      log(`waiting ${seconds(waitMs)} s for the target ${target.text}`);
      await sleep(waitMs + 1000);
    }
    stillRunning();

    log(`round B: ${rounds.b.buyers} buyers over ${rounds.b.seconds} s`);
    const roundB = await buyingRound(base, inRound.b, targets, rounds.b.seconds);
    await settle(sql);
    log(roundSummary('B', roundB));

    // The mistake, as psql would run it: the rows it removes are read first in the same transaction, with
    // the transaction that wrote each, to know afterwards what should come back.
    const deleted: RowVersion[] = [];
    await sql.begin(async (tx) => {
      const orders = checkedTables.find((t) => t.table === 'merchandise_orders')!;
      const lines = checkedTables.find((t) => t.table === 'merchandise_order_lines')!;
      deleted.push(
        ...toVersions(orders, await tx.unsafe<VersionRow[]>(`${versionsQuery(orders)} for update`)),
      );
      deleted.push(...toVersions(lines, await tx.unsafe<VersionRow[]>(versionsQuery(lines))));
      await tx.unsafe('delete from merchandise_orders');
    });
    const mistakeAt = new Date();
    log(
      `the mistake at ${mistakeAt.toISOString()}: delete from merchandise_orders (${deleted.length} rows with the lines)`,
    );

    log(`round C: ${rounds.c.buyers} buyers over ${rounds.c.seconds} s`);
    const roundC = await buyingRound(base, inRound.c, targets, rounds.c.seconds);
    await settle(sql);
    log(roundSummary('C', roundC));
    const sourceRows = await rowVersions(sql);
    const [sizes] = await sql<{ database: string; version: string }[]>`
      select pg_database_size(current_database())::text as database,
      split_part(version(), ' ', 2) as version`;
    await site.stop();
    await sql.end({ timeout: 5 });
    stillRunning();

    // ----- 3. the restore -----
    // check switches to a new WAL segment and waits until it is archived: everything up to now is in the
    // repository, as it is on a live server within archive_timeout.
    const checkSeconds = timed(layout, owner, ['check']);
    const backups = backupsOf(layout, owner);
    const wal = archivedWal(layout.repoPath);
    const restoredDir = ownedDir(dir, 'restored', owner, 0o700);
    log(`restoring to ${target.text} into ${restoredDir}`);
    const restoreSeconds = timed(layout, owner, [
      `--pg1-path=${restoredDir}`,
      '--type=time',
      `--target=${target.text}`,
      '--target-action=promote',
      // A copy made to look at must not push its WAL into the live server's archive.
      '--archive-mode=off',
      'restore',
    ]);
    const recoveryStarted = performance.now();
    let restored: RunningServer;
    try {
      restored = await startServer({
        dataDir: restoredDir,
        port: ports.restored,
        socketDir: dir,
        owner,
        timeoutMs: 300_000,
      });
    } catch (error) {
      throw new Error(
        `The restored server did not come up: ${error instanceof Error ? error.message : error}`,
      );
    }
    cleanup.push(() => restored.stop());
    const recoverySeconds = (performance.now() - recoveryStarted) / 1000;
    const stoppedAt = /recovery stopping before commit of transaction \d+, time [^\n]+/.exec(
      restored.log(),
    )?.[0];
    log(`restored in ${seconds(restoreSeconds * 1000)} s, recovered in ${seconds(recoverySeconds * 1000)} s`);

    // ----- 4. the checks -----
    const restoredUrl = restored.url.replace(/\/postgres$/, `/${databaseName}`);
    const restoredSql = connectPostgres(restoredUrl, { max: 2, onnotice: () => {} });
    cleanup.push(() => restoredSql.end({ timeout: 5 }));
    const restoredRows = await rowVersions(restoredSql);
    const verdict = judgeRestore({
      targetUs: target.epochUs,
      source: sourceRows,
      deleted,
      restored: restoredRows,
    });
    await restoredSql.end({ timeout: 5 });

    const siteStarted = performance.now();
    const restoredSite = await startCluster({
      databaseUrl: restoredUrl,
      instances: 1,
      basePort: ports.restoredSite,
      proxyPort: ports.restoredProxy,
      seed: false,
      dataRoot: path.join(dir, 'site-restored'),
      signal: interrupted.signal,
      env: siteEnv(),
    });
    cleanup.push(() => restoredSite.stop());
    const siteSeconds = (performance.now() - siteStarted) / 1000;
    const seen = await plansShown(ipv4(restoredSite.proxyUrl), buyers);
    const expected = expectedPlans(
      buyers.map((b) => b.id),
      [...sourceRows, ...deleted],
      target.epochUs,
    );
    const siteFailures = comparePlans(expected, seen);
    const buyersWithPlans = [...expected.values()].filter((p) => p.teeOrderIds.length > 0 || p.stayId).length;
    const failures = [...verdict.failures, ...siteFailures.slice(0, 10)];
    if (siteFailures.length > 10)
      failures.push(`… and ${siteFailures.length - 10} more buyers' plans differ`);

    // ----- figures -----
    const full = backups.find((b) => b.type === 'full');
    const diff = backups.find((b) => b.type === 'diff');
    const c = verdict.counts;
    const restoredIds = new Map(restoredRows.map((r) => [`${r.table}:${r.id}`, r.xmin]));
    const deletedTees = deleted.filter((r) => r.table === 'merchandise_orders');
    const deletedOrders = {
      before: deletedTees.filter((r) => r.committedUs <= target.epochUs).length,
      back: deletedTees.filter(
        (r) => r.committedUs <= target.epochUs && restoredIds.get(`${r.table}:${r.id}`) === r.xmin,
      ).length,
      after: deletedTees.filter((r) => r.committedUs > target.epochUs).length,
    };
    const totalMinutes = (performance.now() - drillStarted) / 60_000;
    const cpus = os.cpus();
    const describeBackup = (b: BackupInfo | undefined, took: number) =>
      b
        ? `${seconds(took * 1000)} s (${mb(b.info.size)} of database files, ${mb(b.info.delta)} new since the backup it builds on, ${mb(b.info.repository.delta)} stored)`
        : 'missing from pgbackrest info';
    const conditions = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} CPU core(s) (${cpus[0]?.model.trim() ?? 'unknown'}), Node.js ${process.version}, PostgreSQL ${sizes!.version}, ${spawnSync('pgbackrest', ['version'], { encoding: 'utf8' }).stdout.trim()}.`,
      `The production build ${productionBuildId()} of commit ${gitCommit()}: one instance of \`next start\` (NODE_OPTIONS=${serverNodeOptions()}) behind nginx as a preview deployment (payment sandbox, mail outbox), on a throwaway server archiving to a local repository with deploy/pgbackrest's configuration (compress-type=zst).`,
      `Buyers bought a T-shirt and a stay each through the site: ${rounds.a.buyers} in round A before the target, ${rounds.b.buyers} in round B after it, then the mistake (\`delete from merchandise_orders;\`, every T-shirt order), then ${rounds.c.buyers} in round C.`,
      `The whole drill took ${totalMinutes.toFixed(1)} minutes.`,
    ].join('\n');
    const figures = [
      '| Step | Figure |',
      '| --- | --- |',
      `| Full backup (empty server) | ${describeBackup(full, fullSeconds)} |`,
      `| Differential backup (after round A) | ${describeBackup(diff, diffSeconds)} |`,
      `| WAL archived during the run | ${wal.segments} segments, ${mb(wal.bytes)} compressed in the repository |`,
      `| \`pgbackrest check\` (switch and archive the last WAL) | ${seconds(checkSeconds * 1000)} s |`,
      `| Database size at the end | ${mb(Number(sizes!.database))} |`,
      `| \`pgbackrest restore --type=time\` (files into a new data directory) | ${seconds(restoreSeconds * 1000)} s |`,
      `| Recovery (WAL replayed to the target, promoted) | ${seconds(recoverySeconds * 1000)} s |`,
      `| The site started on the restored database | ${seconds(siteSeconds * 1000)} s |`,
      `| Target | ${target.text}${givenTarget ? ' (--target)' : ' (the next whole minute after round A)'} |`,
      `| Recovery stopped | ${stoppedAt ?? 'not in the server log'} |`,
      `| Orders paid before the target, paid in the restore | ${c.paidBefore}, ${c.paidBeforeRestored} |`,
      `| Payment orders written after the target, of those versions in the restore | ${c.changedAfter}, ${c.changedAfterRestored} |`,
      `| T-shirt orders deleted by the mistake that existed at the target, back (with their lines: rows) | ${deletedOrders.before}, ${deletedOrders.back} (${c.deletedBefore}, ${c.deletedBack}) |`,
      `| T-shirt orders deleted by the mistake, written after the target (gone either way) | ${deletedOrders.after} |`,
      `| Newest commit among the restored orders, bookings and lines | ${c.newestRestoredUs === null ? 'none' : describeMicros(c.newestRestoredUs)} |`,
      `| Buyers whose "My plans" on the restored site matched the target | ${buyers.length - new Set(siteFailures.map((f) => f.split(':')[0])).size} of ${buyers.length} (${buyersWithPlans} with something bought by then) |`,
    ].join('\n');
    const rounds_ = [roundSummary('A', roundA), roundSummary('B', roundB), roundSummary('C', roundC)]
      .map((line) => `- ${line}`)
      .join('\n');
    const outcome =
      failures.length === 0
        ? 'Result: restored to the target; every order paid before it is there and paid, the T-shirt orders deleted after it are back, nothing committed after it is.'
        : `Result: FAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`;
    console.log(`\n${conditions}\n\n${figures}\n\n${rounds_}\n\n${outcome}`);
    if (write) {
      writeSection('drill-restore', `${conditions}\n\n${figures}\n\n${rounds_}\n\n${outcome}`);
      console.log(`\nWritten to ${performanceDoc}`);
    }
    return failures;
  } finally {
    await stopAll();
  }
}

main().then(
  (failures) => {
    if (failures.length > 0) {
      console.error(`drill:restore: ${failures.length} check(s) failed`);
      process.exit(1);
    }
    process.exit(0);
  },
  (error: unknown) => {
    console.error('drill:restore:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
