import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type postgres from 'postgres';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { logger } from '@/lib/server/log';
import type { PostgresPool } from './app-pool';
import { connectPostgres, preparingStatements } from './postgres-url';
import { guardingTransactions } from './transaction-guard';
import { runningHooksAfterCommit } from './after-commit';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every data-access verb takes; PGlite and postgres.js both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself, where a verb works in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** On PostgreSQL, the driver's pool under `db`, for the shared cache handler (app-pool.ts). */
  pool?: PostgresPool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), 'drizzle');

/** How one process uses a PostgreSQL server (DATABASE_POOL_MAX and the timeouts in docs/deploy.md). */
export interface PoolSettings {
  max: number;
  connectTimeoutSeconds: number;
  /** 0: no limit. */
  statementTimeoutMs: number;
}

export const defaultPool: PoolSettings = { max: 10, connectTimeoutSeconds: 5, statementTimeoutMs: 15_000 };

/**
 * How long PostgreSQL lets one of the site's sessions sit inside a transaction with no statement running
 * before it ends the session (and its locks). The site's transactions run their statements back to back;
 * a longer pause is a bug or a process stopped mid-way, and must not hold rows for everyone else.
 */
export const idleInTransactionTimeoutMs = 60_000;

/**
 * Named locks across processes (jobs that must run alone, the start-up's migrations): session-level
 * advisory locks on one connection of their own, apart from the pool. Held in a pooled transaction, a lock
 * sat idle in that transaction for as long as the work ran (which idleInTransactionTimeoutMs would end)
 * and kept a connection from the pool the work itself needs.
 */
interface NamedLocks {
  /** Takes the lock if it is free; false if another session holds it. */
  tryTake(name: string): Promise<boolean>;
  /** Waits as long as it takes for the lock. */
  take(name: string): Promise<void>;
  release(name: string): Promise<void>;
  end(): Promise<void>;
}

/** A notice or warning from the server: "there is no transaction in progress" and its kind are bugs to see. */
function logNotice(notice: postgres.Notice): void {
  logger.warn({ notice }, 'the database sent a notice');
}

const namedLocks = new WeakMap<Db, NamedLocks>();

function sessionLocks(url: string, connectTimeoutSeconds: number): NamedLocks {
  // Opened at the first lock and kept: the connection is idle while the work it guards runs, and closing
  // it (for being idle, or old) would release the lock mid-way. No statement timeout, since taking a lock
  // may wait. If the connection is lost anyway (its server died, a standby took over), PostgreSQL releases
  // its locks with it, and the next lock opens a connection again, to whichever server is the primary then.
  const sql = connectPostgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: connectTimeoutSeconds,
    onnotice: logNotice,
  });
  const key = (name: string) => `festival:${name}`;
  return {
    async tryTake(name) {
      const [row] = await sql<{ taken: boolean }[]>`
        select pg_try_advisory_lock(hashtext(${key(name)})) as taken`;
      return row?.taken === true;
    },
    async take(name) {
      await sql`select pg_advisory_lock(hashtext(${key(name)}))`;
    },
    async release(name) {
      // A lost connection has released its locks already: nothing to undo, and the work's outcome stands.
      await sql`select pg_advisory_unlock(hashtext(${key(name)}))`.catch((error: unknown) =>
        logger.warn({ err: error, lock: name }, 'could not release a named lock'),
      );
    },
    end: () => sql.end({ timeout: 5 }),
  };
}

/**
 * Opens the embedded PGlite database (a folder, or memory when dataDir is 'memory') or a PostgreSQL
 * server (a connection URL). Both run the same committed migrations.
 */
export function openDatabase(target: { url: string; pool?: PoolSettings } | { dataDir: string }): Database {
  if ('url' in target) {
    const pool = target.pool ?? defaultPool;
    // Bounded waits: a server that is down, full or stuck fails the request (503) instead of hanging it.
    const client = connectPostgres(target.url, {
      max: pool.max,
      connect_timeout: pool.connectTimeoutSeconds,
      idle_timeout: 60,
      onnotice: logNotice,
      connection: {
        ...(pool.statementTimeoutMs > 0 ? { statement_timeout: pool.statementTimeoutMs } : {}),
        // A transaction left open (a bug, a process stopped mid-way) loses its session and its locks.
        idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
        // Warnings only ("there is no transaction in progress" and its kind), not the migrations' chatter.
        client_min_messages: 'warning',
      },
    });
    const db = runningHooksAfterCommit(
      drizzlePostgres(guardingTransactions(preparingStatements(client)), { schema }) as unknown as Db,
    );
    const locks = sessionLocks(target.url, pool.connectTimeoutSeconds);
    namedLocks.set(db, locks);
    return {
      db,
      kind: 'postgres',
      pool: client,
      migrate: () => migratePostgres(db as never, { migrationsFolder }),
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), locks.end()]);
      },
    };
  }
  let client: PGlite;
  if (target.dataDir === 'memory') {
    client = new PGlite();
  } else {
    fs.mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(target.dataDir);
  }
  const db = runningHooksAfterCommit(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Runs raw SQL and returns its rows. PGlite answers `{ rows }` where postgres.js answers an array;
 * this is the one place that knows.
 */
export async function queryRows<T = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Statements sent one after another without waiting for each answer: PostgreSQL runs them in this order,
 * and the batch costs one round trip instead of one each (postgres.js pipelines what is issued on one
 * connection, as in a transaction; PGlite runs them in turn). Each is started before the next is created,
 * which is what fixes the order, so a later one may rely on an earlier one's effect (a row it inserted, a
 * lock it took). A statement that starts others (an async function) starts them all before it first waits.
 * The batch fails with its first refusal, but only once every member has finished: a member still
 * sending (an async function past its first wait) must not be left running after the caller has moved on
 * and its transaction has ended. In a transaction the statements after a refusal fail with it (25P02, the
 * transaction is aborted); such an echo is never reported when the refusal it echoes is there to be, even
 * from a later member (one whose statement was sent before the earlier member's next one).
 */
export async function pipelined<T extends readonly unknown[]>(
  ...statements: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  const sent = statements.map((start) => {
    const statement = start();
    // Calling `then` is what sends a query builder's statement: now, not when allSettled gets to it.
    return new Promise((resolve, reject) => statement.then(resolve, reject));
  });
  const outcomes = await Promise.allSettled(sent);
  const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
  if (refusals.length > 0) {
    throw refusals.find((reason: unknown) => !hasPgCode(reason, '25P02')) ?? refusals[0];
  }
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

export async function ping(db: Db): Promise<void> {
  await queryRows(db, sql`select 1 as ok`);
}

/** An error and its causes, outermost first (Drizzle wraps the driver's error as its cause). */
function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    yield e as { code?: unknown; message?: unknown };
  }
}

/** The string `code`s an error and its causes carry. */
function errorCodes(error: unknown): string[] {
  return [...errorChain(error)].flatMap(({ code }) => (typeof code === 'string' ? [code] : []));
}

/** True when an error (or its cause) carries PostgreSQL's error `code`. */
function hasPgCode(error: unknown, code: string): boolean {
  return errorCodes(error).includes(code);
}

/** postgres.js's and Node's own codes for a connection that never came or was lost. */
const connectionLost = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  // Node's, for a write to a socket that has closed: the server went away between two statements.
  'ERR_SOCKET_CLOSED',
]);

/**
 * The database could not serve the request for now, through no fault of the request: unreachable, out of
 * connections, shutting down, a statement cancelled by its timeout, or a transaction PostgreSQL asks to
 * retry. Answered 503 with Retry-After (lib/server/http/handler.ts), never as the request's own error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // 08: connection exceptions (08001 too: no server of a failover pair is the primary now); 53: out of
  // resources (53300 too many clients); 57: operator intervention (57P01 shutdown, 57P02 crash of another
  // session, 57P03 starting up or in recovery, 57014 statement timeout); 40001/40P01: serialization
  // failure, deadlock; 25006: a write on a server that is read-only now, a primary demoted to standby
  // under a connection the pool still had (the transaction was rolled back; a retry reaches the new one).
  return (
    errorCodes(error).some(
      (code) =>
        /^(08|53|57)/.test(code) ||
        code === '40001' ||
        code === '40P01' ||
        code === '25006' ||
        connectionLost.has(code),
    ) || closedToConnections(error)
  );
}

/**
 * The database refuses new connections for now (an operator's ALTER DATABASE … ALLOW_CONNECTIONS false
 * during maintenance). PostgreSQL gives it 55000, a code it also uses for the request's own mistakes, so
 * only that message counts.
 */
function closedToConnections(error: unknown): boolean {
  return [...errorChain(error)].some(
    ({ code, message }) =>
      code === '55000' &&
      typeof message === 'string' &&
      message.includes('not currently accepting connections'),
  );
}

/** The `detail` of the PostgreSQL error with this code an error carries (or is caused by); undefined if none. */
export function pgErrorDetail(error: unknown, code: string): string | undefined {
  for (const e of errorChain(error)) {
    if (e.code === code) {
      const detail = (e as { detail?: unknown }).detail;
      return typeof detail === 'string' ? detail : '';
    }
  }
  return undefined;
}

/** A unique constraint refused the write. */
export function isUniqueViolation(error: unknown): boolean {
  return hasPgCode(error, '23505');
}

/** A foreign key refused the write: a delete of a row something points at, or a link to a missing row. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasPgCode(error, '23503');
}

/** True for the embedded PGlite database (one process, one connection), false for a PostgreSQL server. */
export function isEmbedded(db: Db | Tx): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/**
 * Runs start-up work (migrations, the first seed) while holding an advisory lock on PostgreSQL, so
 * instances that start together wait for each other instead of migrating at once. The work runs on the
 * database's pool; the lock has a connection of its own.
 */
export async function withStartupLock(db: Db, work: () => Promise<void>): Promise<void> {
  const locks = namedLocks.get(db);
  if (!locks) return work();
  await locks.take('start-up');
  try {
    await work();
  } finally {
    await locks.release('start-up');
  }
}

const runningAlone = new Map<string, Promise<unknown>>();

/**
 * Runs `work` unless the same named job already runs: in this process (a timer and a cron request), or,
 * on PostgreSQL, in any process (several server instances, a command-line run) through an advisory lock
 * held while the work runs. Answers `{ ran: false }` instead of waiting. The embedded database has one
 * owning process, so the in-process guard covers it.
 */
export async function runAlone<T>(
  db: Db,
  name: string,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (runningAlone.has(name)) return { ran: false };
  const run = (async (): Promise<{ ran: true; result: T } | { ran: false }> => {
    const locks = namedLocks.get(db);
    if (!locks) return { ran: true, result: await work() };
    if (!(await locks.tryTake(name))) return { ran: false };
    try {
      return { ran: true, result: await work() };
    } finally {
      await locks.release(name);
    }
  })();
  runningAlone.set(name, run);
  try {
    return await run;
  } finally {
    runningAlone.delete(name);
  }
}
