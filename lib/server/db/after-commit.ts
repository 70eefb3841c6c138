import { logger } from '@/lib/server/log';
import type { Db, Tx } from './client';

/*
 * Work that must follow a transaction's commit (the inventory's signal: offers to waiting lists, pages
 * revalidated) registered from inside it, so that no caller has to remember a second call after it.
 * Every transaction the database module opens runs its hooks once it has committed, before the caller's
 * `await db.transaction(...)` returns, in the caller's own async context (a request's, so Next can
 * revalidate its pages). A savepoint's hooks join its transaction's when the savepoint is released and
 * are dropped with it when it rolls back; a transaction that fails runs none.
 */

type Hook = (db: Db) => Promise<void>;

/**
 * Which hooks each open transaction collects, kept on globalThis: Next bundles the server more than once
 * (instrumentation, each route), so the module that opened the database and the one a route's code calls
 * afterCommit from may be different copies of this file, and a WeakMap of each copy's own would not see
 * the other's transactions.
 */
const registryKey = Symbol.for('festival.afterCommitHooks');
const shared = globalThis as typeof globalThis & { [registryKey]?: WeakMap<object, Hook[]> };
const hooksOf = (shared[registryKey] ??= new WeakMap<object, Hook[]>());

/** Runs `hook` after the transaction `tx` belongs to has committed. */
export function afterCommit(tx: Tx, hook: Hook): void {
  const hooks = hooksOf.get(tx);
  if (!hooks) throw new Error('afterCommit needs a transaction opened through the database module');
  hooks.push(hook);
}

type TransactionFn = (work: (tx: Tx) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Makes `scope`'s nested transactions (savepoints) collect hooks into `hooks` when they succeed. */
function collecting(scope: Tx, hooks: Hook[]): Tx {
  hooksOf.set(scope, hooks);
  const nested = (scope.transaction as TransactionFn).bind(scope);
  const transaction: TransactionFn = async (work, config) => {
    const own: Hook[] = [];
    const result = await nested((inner) => work(collecting(inner, own)), config);
    hooks.push(...own);
    return result;
  };
  Object.defineProperty(scope, 'transaction', { value: transaction, configurable: true });
  return scope;
}

/** The database handle with its transactions running their after-commit hooks. */
export function runningHooksAfterCommit(db: Db): Db {
  const begin = (db.transaction as TransactionFn).bind(db);
  const transaction: TransactionFn = async (work, config) => {
    const hooks: Hook[] = [];
    const result = await begin((tx) => work(collecting(tx, hooks)), config);
    // One at a time, in order. The transaction stands whatever follows it: a failed hook is logged, and
    // what it was for is caught up by its own sweep (the waiting lists' job).
    for (const hook of hooks) {
      await hook(db).catch((error: unknown) => logger.error({ err: error }, 'work after a commit failed'));
    }
    return result;
  };
  Object.defineProperty(db, 'transaction', { value: transaction, configurable: true });
  return db;
}
