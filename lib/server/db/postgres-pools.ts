import postgres from 'postgres';
import { connectPostgres, preparingStatements } from './postgres-url';

/*
 * Why a PostgreSQL server is reached through two pools (docs/decisions.md, "Transactions have connections
 * of their own"). postgres.js sends a transaction's BEGIN through the pool like any statement and marks the
 * connection as the transaction's only after writing it. When the BEGIN lands on a connection that is busy
 * with other callers' statements, and fills its pipeline or meets back-pressure, the driver skips that mark:
 * the server has begun a transaction, the client raises UNSAFE_TRANSACTION, and the connection returns to
 * the pool inside it, where it swallows other callers' writes and a later ROLLBACK erases them.
 *
 * So statements that stand alone and transactions never share a connection. The statements' pool pipelines
 * freely (its connections never see a BEGIN). The transactions' pool runs nothing but transactions: its
 * connections are busy only inside one, so a BEGIN always lands on an idle connection, where the driver
 * never skips the mark. Together the two stay within the pool size the operator set.
 */

type Client = ReturnType<typeof connectPostgres>;

export interface PoolSizes {
  statements: number;
  transactions: number;
}

/** The smallest pool two pools can be made of. */
export const minimumPoolSize = 2;

/**
 * How `max` connections are shared: a third for statements that stand alone (pipelined, a few connections
 * carry many callers), the rest for transactions (each holds its connection from BEGIN to COMMIT).
 */
export function splitPool(max: number): PoolSizes {
  const total = Math.max(minimumPoolSize, max);
  const statements = Math.max(1, Math.floor(total / 3));
  return { statements, transactions: total - statements };
}

/** The connection settings both pools share. */
export interface PoolOptions {
  max: number;
  connectTimeoutSeconds: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  /** A notice or warning the server sent (never silenced: "there is no transaction in progress" is a bug). */
  onNotice(notice: postgres.Notice): void;
}

/** A transaction's handle, refusing statements once its transaction is over. */
class TransactionEnded extends Error {
  readonly code = 'TRANSACTION_ENDED';
  constructor() {
    super('a statement was sent on a transaction that had already ended');
  }
}

/**
 * Wraps a transaction's (or savepoint's) handle so that a statement sent after it ended fails instead of
 * running wherever the connection has gone since: on the next transaction that took the connection, or
 * outside any transaction.
 */
function guardedScope(scope: Client, ended: () => boolean): Client {
  return new Proxy(scope, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key === 'unsafe') {
        return (...args: unknown[]) => {
          if (ended()) throw new TransactionEnded();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (key === 'savepoint') return nestedTransactions(target, 'savepoint', ended);
      return value;
    },
  });
}

/** `begin` or `savepoint` of a client, whose scope is guarded for as long as the transaction lasts. */
function nestedTransactions(owner: Client, method: 'begin' | 'savepoint', outerEnded: () => boolean) {
  return (...args: unknown[]) => {
    if (outerEnded()) throw new TransactionEnded();
    const work = args.pop() as (scope: Client) => unknown;
    let ended = false;
    const run = (Reflect.get(owner, method) as (...a: unknown[]) => Promise<unknown>).call(
      owner,
      ...args,
      (scope: Client) => work(guardedScope(scope, () => ended || outerEnded())),
    );
    const finish = () => {
      ended = true;
    };
    run.then(finish, finish);
    return run;
  };
}

/**
 * One client for the site: standalone statements on one pool, `begin` on the other. Both pools send
 * named prepared statements (preparingStatements), and Drizzle's type handling is shared between them.
 */
export function connectPools(
  url: string,
  options: PoolOptions,
): { client: Client; shareTypeHandling(): void; end(): Promise<void> } {
  const sizes = splitPool(options.max);
  const common = {
    connect_timeout: options.connectTimeoutSeconds,
    idle_timeout: 60,
    onnotice: options.onNotice,
    connection: {
      ...(options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {}),
      // A transaction left open (a bug, a process stopped mid-way) loses its session and its locks.
      idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
    },
  };
  const statements = connectPostgres(url, { ...common, max: sizes.statements });
  const transactions = connectPostgres(url, { ...common, max: sizes.transactions });
  const preparedStatements = preparingStatements(statements);
  const preparedTransactions = preparingStatements(transactions);
  const client = new Proxy(preparedStatements, {
    get(target, key, receiver) {
      if (key === 'begin') return nestedTransactions(preparedTransactions, 'begin', () => false);
      return Reflect.get(target, key, receiver);
    },
  });
  return {
    client,
    // Drizzle changes the parsers and serializers of the client it is given (dates stay text), in place;
    // the driver's connections hold those objects, so the transactions' pool gets the same entries.
    shareTypeHandling() {
      Object.assign(transactions.options.parsers, statements.options.parsers);
      Object.assign(transactions.options.serializers, statements.options.serializers);
    },
    end: async () => {
      await Promise.all([statements.end({ timeout: 5 }), transactions.end({ timeout: 5 })]);
    },
  };
}
