import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { SignJWT } from 'jose';
import type postgres from 'postgres';
import { connectPostgres } from '../../lib/server/db/postgres-url';
import type { ReconcileReport } from '../../lib/server/payments/reconcile';
import { listenersOn, previewEnv, startCluster, type Cluster } from '../../scripts/cluster-lib';
import { createScratchDatabase, dropStaleDatabases } from '../../scripts/scratch-database';

/*
 * A small cluster of its own for each fault test (e2e-cluster/faults.spec.ts): a scratch database on
 * TEST_DATABASE_URL's server, seeded, N production instances and nginx on ports no other run uses, and a
 * connection to that database for the test to look at the records. stop() stops every process and drops
 * the database, whatever state the test left them in. Plus what the tests do to it: buyers made straight
 * in the database with signed tokens (as scripts/bench-rush.ts makes them), plain JSON calls that never
 * throw, the cron endpoints and the reconciliation command.
 */

export type Sql = ReturnType<typeof postgres>;
export type { ReconcileReport };

/** The instances sign and check tokens with this; the tests sign their buyers' tokens with it too. */
export const faultJwtSecret = 'fault-tests-secret-that-is-long-enough-for-hs256';
export const faultCronSecret = 'fault-tests-cron-secret-of-enough-length';

const databasePrefix = 'festival_faults_';

export interface FaultClusterOptions {
  /** Names its DATA_DIRs (`.data/cluster-faults/<label>`) and its log lines. */
  label: string;
  basePort: number;
  proxyPort: number;
  instances?: number;
  /** Extra environment for the instances (SMTP_URL, …). */
  env?: Record<string, string>;
}

export interface FaultCluster {
  cluster: Cluster;
  /** The scratch database, for the test's own reads and fault injections. */
  sql: Sql;
  databaseUrl: string;
  /** nginx and each instance, as http://127.0.0.1:port (localhost may try ::1 first). */
  proxyUrl: string;
  instanceUrls: string[];
  /** Stops everything and drops the database; safe to call twice. */
  stop(): Promise<void>;
}

const ipv4 = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

/** The environment the instances and the reconciliation command share: a preview (sandbox, outbox). */
function sharedEnv(proxyUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return previewEnv(faultJwtSecret, {
    CRON_SECRET: faultCronSecret,
    SITE_URL: proxyUrl,
    DEV_ORGANISER: 'false',
    ...extra,
  });
}

/**
 * If the test process ends without stop() (a crashed worker), SIGKILL whatever still listens on the
 * cluster's ports: the instances run in process groups of their own and would outlive it.
 */
function killOnExit(ports: number[]): () => void {
  const onExit = () => {
    for (const port of ports) {
      for (const pid of listenersOn(port)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
  };
  process.once('exit', onExit);
  return () => process.off('exit', onExit);
}

export async function startFaultCluster(options: FaultClusterOptions): Promise<FaultCluster> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The fault tests need TEST_DATABASE_URL.');
  const instances = options.instances ?? 2;
  const proxyUrl = `http://127.0.0.1:${options.proxyPort}`;
  await dropStaleDatabases(serverUrl, databasePrefix);
  const scratch = await createScratchDatabase(serverUrl, databasePrefix);
  const ports = [...Array.from({ length: instances }, (_, i) => options.basePort + i), options.proxyPort];
  const forgetExit = killOnExit(ports);
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      databaseUrl: scratch.url,
      instances,
      basePort: options.basePort,
      proxyPort: options.proxyPort,
      seed: true,
      dataRoot: path.join('.data', 'cluster-faults', options.label),
      env: sharedEnv(proxyUrl, options.env),
      log: (line) => console.log(`[faults ${options.label}] ${line}`),
    });
  } catch (error) {
    forgetExit();
    await scratch.drop().catch(() => {});
    throw error;
  }
  const sql = connectPostgres(scratch.url, { max: 4, onnotice: () => {} });
  let stopping: Promise<void> | null = null;
  const stopAll = async () => {
    const problems: string[] = [];
    const attempt = async (what: string, step: () => Promise<unknown>) => {
      try {
        await step();
      } catch (error) {
        problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    await attempt('stopping the cluster', () => cluster.stop());
    await attempt('closing the database connection', () => sql.end({ timeout: 5 }));
    // FAULTS_KEEP_DATABASE=1 keeps it for a look after a failure (stale ones are dropped after two hours).
    if (process.env.FAULTS_KEEP_DATABASE === '1')
      console.log(`[faults ${options.label}] kept ${scratch.url}`);
    else await attempt(`dropping ${scratch.name}`, () => scratch.drop());
    forgetExit();
    if (problems.length > 0) throw new Error(problems.join('; '));
  };
  return {
    cluster,
    sql,
    databaseUrl: scratch.url,
    proxyUrl,
    instanceUrls: cluster.instanceUrls.map(ipv4),
    stop: () => (stopping ??= stopAll()),
  };
}

// ---------- buyers ----------

export interface Buyer {
  id: string;
  email: string;
  token: string;
}

/** A token the app accepts for this user (the claims and algorithm of lib/server/auth/jwt.ts). */
async function signBuyerToken(id: string, email: string, secret: string): Promise<string> {
  return new SignJWT({ email, role: 'user', userId: id, tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(id)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

/**
 * `count` verified accounts inserted in one statement, each with a token signed with `jwtSecret` (the
 * instances' JWT_SECRET); the password hash is not a valid one, so nobody can log in as a buyer (the tests
 * never need to).
 */
export async function createBuyers(
  sql: Sql,
  count: number,
  label: string,
  jwtSecret = faultJwtSecret,
): Promise<Buyer[]> {
  const run = crypto.randomBytes(3).toString('hex');
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `${label}.${run}.${i}@example.com`,
    password_hash: 'fault-tests:no-login',
    first_name: 'Fault',
    last_name: `Buyer ${i}`,
    phone_number: '9876543210',
    dob: '2000-01-01',
    gender: 'other',
    college: 'Fault College',
    role: 'user',
    verified: true,
    token_version: 0,
  }));
  await sql`insert into users ${sql(rows)}`;
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      email: r.email,
      token: await signBuyerToken(r.id, r.email, jwtSecret),
    })),
  );
}

// ---------- HTTP ----------

export interface Answer {
  /** 0: no answer (refused, reset, timed out). */
  status: number;
  body: unknown;
  /** The answer's message, or the start of a non-JSON body, or the network error. */
  message: string;
  /** The answer's headers (none when there was no answer). */
  headers: Headers;
}

/** One JSON call that never throws: a fault is an answer with status 0 (or nginx's 502). */
export async function call(
  url: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; token?: string; headers?: Record<string, string> } = {},
  timeoutMs = 30_000,
): Promise<Answer> {
  try {
    const answer = await fetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await answer.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // an nginx error page: the status says enough
    }
    const message = (body as { message?: unknown } | null)?.message;
    return {
      status: answer.status,
      headers: answer.headers,
      body,
      message: typeof message === 'string' ? message : text.slice(0, 120),
    };
  } catch (error) {
    return {
      status: 0,
      headers: new Headers(),
      body: null,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** A fault of the server side (no answer, or a 5xx from nginx or the app), which a client may retry. */
export const isFault = (answer: Answer) => answer.status === 0 || answer.status >= 500;

/** A cron endpoint (`/api/cron/mail`, `/api/cron/reconcile`) called as a scheduler calls it. */
export function cron(
  baseUrl: string,
  job: 'mail' | 'reconcile' | 'waiting-lists',
  secret: string | null = faultCronSecret,
) {
  return call(`${baseUrl}/api/cron/${job}`, {
    method: 'POST',
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
  });
}

// ---------- the reconciliation command ----------

/**
 * `npm run payments:reconcile` (scripts/payments-reconcile.ts) as an operator runs it, against the
 * cluster's database: unlike the cron endpoint, which leaves orders younger than two minutes alone, it
 * looks at every order (minAgeSeconds 0). Answers its report.
 */
export async function runReconcileCommand(fault: FaultCluster): Promise<ReconcileReport> {
  const tsx = path.join('node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['--conditions=react-server', path.join('scripts', 'payments-reconcile.ts')], {
    env: {
      ...process.env,
      ...sharedEnv(fault.proxyUrl),
      NODE_ENV: 'production',
      DATABASE_URL: fault.databaseUrl,
      DATA_DIR: path.join('.data', 'cluster-faults', 'reconcile'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`payments:reconcile did not finish within 60 s:\n${output}`));
    }, 60_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  const report = /Reconciled: (\{.*\})/.exec(output)?.[1];
  if (code !== 0 || !report) throw new Error(`payments:reconcile failed (exit code ${code}):\n${output}`);
  return JSON.parse(report) as ReconcileReport;
}

// ---------- waiting ----------

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true, at most `timeoutMs`; answers whether it did. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  intervalMs = 500,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= until) return false;
    await sleep(intervalMs);
  }
}
