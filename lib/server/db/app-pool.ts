import type { connectPostgres } from './postgres-url';

/*
 * The app's PostgreSQL pool, lent to the shared cache handler (lib/cache/shared-cache-handler.ts). Next
 * imports that handler by path, apart from the app's bundle, so the process holds two copies of every
 * module the two have in common, this one included: the loan goes through globalThis, under a symbol from
 * the global registry, which both copies find alike. The handler then opens no pool of its own: its
 * statements run with the app's connection settings (the socket of a `?host=/directory` URL, the
 * timeouts), and count against DATABASE_POOL_MAX instead of adding connections beside it.
 *
 * Nothing else is meant to use it: the app's own code reaches the database through getDb().
 */

export type PostgresPool = ReturnType<typeof connectPostgres>;

const loanKey = Symbol.for('festival.appPostgresPool');
const holder = globalThis as typeof globalThis & { [loanKey]?: PostgresPool };

/** Lends the app's pool to the cache handler; answers the function that takes it back (when it closes). */
export function lendAppPool(pool: PostgresPool): () => void {
  holder[loanKey] = pool;
  return () => {
    if (holder[loanKey] === pool) delete holder[loanKey];
  };
}

/** The pool the app has lent, if it has one open on PostgreSQL (none on the embedded PGlite). */
export function lentAppPool(): PostgresPool | undefined {
  return holder[loanKey];
}
