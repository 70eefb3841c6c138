// Throwaway PostgreSQL databases for tests, the cluster journeys and the benchmark: made on a server the
// caller names, dropped again afterwards. One place for the naming, the statements and the cleanup.
import { withDatabase } from '../lib/server/db/connection-string';
import { connectPostgres } from '../lib/server/db/postgres-url';

export interface ScratchDatabase {
  name: string;
  /** The server's address with this database as its path. */
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

/** One statement on its own short-lived connection to the server's maintenance database. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const sql = connectPostgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

/**
 * A new, empty database on the server of `serverUrl`, named `<prefix><milliseconds>_<random>` so that a
 * cleanup can tell how old a leftover one is (`madeAt`).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(serverUrl, `create database ${name}`);
  // Not `new URL()`: the server's URL may name a failover pair (several hosts).
  return { name, url: withDatabase(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/** When a database of createScratchDatabase was made (ms since epoch), or NaN for another name. */
export function madeAt(name: string, prefix: string): number {
  return name.startsWith(prefix) ? Number(name.slice(prefix.length).split('_')[0]) : Number.NaN;
}

/**
 * Drops the databases of `prefix` that an interrupted earlier run left behind: only those older than
 * `olderThanMs` (two hours by default), so never a parallel run's. Failures are reported, not thrown.
 */
export async function dropStaleDatabases(
  serverUrl: string,
  prefix: string,
  olderThanMs = 2 * 3600_000,
): Promise<void> {
  const sql = connectPostgres(serverUrl, { max: 1, onnotice: () => {} });
  let names: string[];
  try {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${prefix}%`}`;
    names = rows.map((r) => r.datname);
  } finally {
    await sql.end({ timeout: 5 });
  }
  for (const name of names) {
    const made = madeAt(name, prefix);
    if (!Number.isFinite(made) || Date.now() - made <= olderThanMs) continue;
    try {
      await dropDatabase(serverUrl, name);
    } catch (error) {
      console.error(`could not drop ${name}:`, error instanceof Error ? error.message : error);
    }
  }
}
