import type { connectPostgres } from './postgres-url';

type Client = ReturnType<typeof connectPostgres>;

/*
 * A transaction's handle refuses statements once its transaction is over. postgres.js gives a transaction
 * a handle that sends to the connection the transaction had; after the COMMIT or ROLLBACK (or the loss of
 * the connection), a statement sent on it by code still running (a straggler of a batch, a callback that
 * outlived its transaction) would run on whatever the connection does next: another caller's transaction,
 * or nothing at all, committed on its own. It fails instead, with TRANSACTION_ENDED.
 */

export class TransactionEnded extends Error {
  readonly code = 'TRANSACTION_ENDED';
  constructor() {
    super('a statement was sent on a transaction that had already ended');
  }
}

/** A transaction's (or savepoint's) handle that refuses statements once `ended()` says so. */
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
      if (key === 'savepoint') return guardedBegin(target, 'savepoint', ended);
      return value;
    },
  });
}

/** `begin` or `savepoint` of a handle, whose work gets a handle guarded for as long as it lasts. */
function guardedBegin(owner: Client, method: 'begin' | 'savepoint', outerEnded: () => boolean) {
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

/** The client with every transaction's handle guarded. */
export function guardingTransactions<T extends Client>(client: T): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'begin') return guardedBegin(target, 'begin', () => false);
      return Reflect.get(target, key, receiver);
    },
  });
}
