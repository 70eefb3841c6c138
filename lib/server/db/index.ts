import 'server-only';
import path from 'node:path';
import { env, isPreview, seedsDevOrganiser } from '@/lib/server/env';
import { logger } from '@/lib/server/log';
import { lendAppPool } from './app-pool';
import { openDatabase, withStartupLock, type Database, type Db } from './client';
import { ensureDevOrganiser } from './dev-organiser';
import { claimEmbeddedDatabase } from './embedded-owner';
import { seedIfEmpty } from './seed';

export type { Db, Tx } from './client';
export { afterCommit } from './after-commit';

/*
 * The application's one database: opened once per process, migrated and (in embedded or development
 * mode) seeded before the first query. Kept on globalThis so development reloads reuse it: PGlite allows
 * one owner of its folder.
 */
interface DbState {
  database: Database;
  ready: Promise<void>;
  /** Takes the pool lent to the shared cache handler back (app-pool.ts). */
  takeBackPool: () => void;
}
const holder = globalThis as typeof globalThis & { __festivalDb?: DbState };

/** Development, the embedded database, and a preview (whose database is its own, made for it). */
function shouldAutoSeed(): boolean {
  const e = env();
  return e.NODE_ENV !== 'production' || e.DATABASE_URL === undefined || isPreview();
}

/** The embedded database's folder (used when DATABASE_URL is unset). */
export function embeddedDataDir(): string {
  return path.resolve(env().DATA_DIR, 'db');
}

/** The database the configuration names: DATABASE_URL, or the embedded PGlite under DATA_DIR. */
export function openConfiguredDatabase(): Database {
  const e = env();
  return e.DATABASE_URL
    ? openDatabase({
        url: e.DATABASE_URL,
        pool: {
          max: e.DATABASE_POOL_MAX,
          connectTimeoutSeconds: e.DATABASE_CONNECT_TIMEOUT,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
        },
      })
    : openDatabase({ dataDir: embeddedDataDir() });
}

/** Lends the database's PostgreSQL pool to the shared cache handler, in place of any lent before. */
function lendPool(database: Database): () => void {
  holder.__festivalDb?.takeBackPool();
  return database.pool ? lendAppPool(database.pool) : () => {};
}

function start(): DbState {
  const database = openConfiguredDatabase();
  if (database.kind === 'pglite') claimEmbeddedDatabase(embeddedDataDir());
  const takeBackPool = lendPool(database);
  // Several instances starting at once on one PostgreSQL take turns: one migrates and seeds, the others
  // then find nothing left to do.
  const ready = withStartupLock(database.db, async () => {
    await database.migrate();
    if (shouldAutoSeed()) {
      const seeded = await seedIfEmpty(database.db, { withTimetable: true });
      if (seeded) logger.info({ seeded }, 'seeded an empty database with festival content');
    }
    if (seedsDevOrganiser() && (await ensureDevOrganiser(database.db))) {
      logger.info('created the local organiser account of the README');
    }
  });
  // Keep a failed start-up visible and retryable instead of caching a rejected promise forever.
  ready.catch((error: unknown) => {
    logger.error({ err: error }, 'database start-up failed');
    if (holder.__festivalDb?.ready === ready) holder.__festivalDb = undefined;
    takeBackPool();
    void database.close().catch(() => {});
  });
  return { database, ready, takeBackPool };
}

/** The ready database: migrated, and seeded where that applies. */
export async function getDb(): Promise<Db> {
  holder.__festivalDb ??= start();
  await holder.__festivalDb.ready;
  return holder.__festivalDb.database.db;
}

/** Points getDb() at an already open, migrated database (integration tests, command-line scripts). */
export function adoptDatabase(database: Database): void {
  holder.__festivalDb = { database, ready: Promise.resolve(), takeBackPool: lendPool(database) };
}
