import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pipelined, queryRows, type Database } from '@/lib/server/db/client';
import { describeEachDatabase } from '../support/test-db';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/scratch-database';

/*
 * A transaction always owns its connection (scripts/patch-postgres-driver.mjs). The shape that broke it: a busy connection whose
 * first statement waits on a row lock, a full pipeline of statements stacked behind it, and then a
 * transaction. The driver sent BEGIN into that pipeline without reserving the connection, so the server
 * ran BEGIN, the client raised UNSAFE_TRANSACTION, and the connection went back to the pool inside a
 * transaction that swallowed (and later rolled back) other callers' writes.
 */

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('transactions under a full pipeline [postgres]', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let admin: postgres.Sql;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string, 'festival_test_');
    admin = postgres(scratch.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`
      create table counter (id int primary key, value int not null);
      insert into counter values (1, 0), (2, 0);
      create table writes (caller text primary key);`);
    // Two connections: the most a busy pool gives a transaction to choose from.
    database = openDatabase({
      url: scratch.url,
      pool: { max: 2, connectTimeoutSeconds: 5, statementTimeoutMs: 0 },
    });
  });

  afterAll(async () => {
    await database?.close();
    await admin?.end({ timeout: 5 });
    await scratch?.drop();
  });

  const bump = (id: number) => sql`update counter set value = value + 1 where id = ${id}`;
  const read = (id: number) => sql`select value from counter where id = ${id}`;
  const write = (caller: string) => sql`insert into writes (caller) values (${caller})`;

  it('commits every caller exactly as it was told, and leaves no connection inside a transaction', async () => {
    const { db } = database;
    // Every statement prepared on both connections first, so the pool pipelines them instead of describing.
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => queryRows(db, i % 2 ? bump(2) : read(2))));
    }

    // The shape depends on how the pool spread the earlier statements, so it is built three times over.
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      // Someone else holds counter 1 until released.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holder = admin.begin(async (tx) => {
        await tx`select * from counter where id = 1 for update`;
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));

      const outcomes: Promise<unknown>[] = [];
      // A transaction that waits on the lock, and a statement that waits on it too.
      outcomes.push(db.transaction(async (tx) => queryRows(tx, bump(1))));
      outcomes.push(queryRows(db, bump(1)));
      // A full pipeline behind them.
      for (let i = 0; i < 99; i++) outcomes.push(queryRows(db, read(2)));
      // Each of those reaches the driver a few microtasks later: let them all arrive first.
      await new Promise((resolve) => setImmediate(resolve));
      // The transaction under test, and other callers' writes that stand alone.
      outcomes.push(
        db.transaction(async (tx) => {
          await queryRows(tx, write(`${round} transaction`));
          return queryRows<{ value: number }>(tx, read(2));
        }),
      );
      for (let i = 0; i < 5; i++) outcomes.push(queryRows(db, write(`${round} alone-${i}`)));

      setTimeout(release, 300);
      await holder;
      const settled = await Promise.allSettled(outcomes);
      const failures = settled.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures).toEqual([]);

      // Every write is committed and visible to another session: none is stranded in an open transaction.
      const writes = await admin<{ caller: string }[]>`
        select caller from writes where caller like ${`${round} %`} order by caller`;
      expect(writes.map((w) => w.caller)).toEqual([
        ...[0, 1, 2, 3, 4].map((i) => `${round} alone-${i}`),
        `${round} transaction`,
      ]);
    }
    const [counter] = await admin<{ value: number }[]>`select value from counter where id = 1`;
    expect(counter?.value).toBe(2 * rounds);

    const stuck = await admin<{ state: string }[]>`
      select state from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`;
    expect(stuck).toEqual([]);

    // The pool still works afterwards, on every connection.
    const after = await Promise.all(Array.from({ length: 10 }, () => queryRows(db, read(1))));
    expect(after.every(([row]) => (row as { value: number }).value === 2 * rounds)).toBe(true);
    await db.transaction(async (tx) => queryRows(tx, write('afterwards')));
    const [last] = await admin<{ n: number }[]>`select count(*)::int as n from writes`;
    expect(last?.n).toBe(6 * rounds + 1);
  });
});

describe.skipIf(!serverUrl)("the site's sessions [postgres]", () => {
  let scratch: ScratchDatabase;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string, 'festival_test_');
    database = openDatabase({
      url: scratch.url,
      pool: { max: 4, connectTimeoutSeconds: 5, statementTimeoutMs: 0 },
    });
  });

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const pid = sql`select pg_backend_pid() as pid`;

  it('ends a session left idle inside a transaction, and hears warnings only', async () => {
    const [row] = await queryRows<{ timeout: string; messages: string }>(
      database.db,
      sql`select current_setting('idle_in_transaction_session_timeout') as timeout,
        current_setting('client_min_messages') as messages`,
    );
    expect(row).toEqual({ timeout: '1min', messages: 'warning' });
  });

  it('refuses a statement sent on a transaction that has already ended', async () => {
    const { db } = database;
    let kept: Parameters<Parameters<typeof db.transaction>[0]>[0] | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
      await queryRows(tx, pid);
    });
    const refusal = await queryRows(kept!, pid).then(
      () => undefined,
      (error: unknown) => error,
    );
    // Drizzle names the statement and keeps the refusal as its cause.
    expect((refusal as { cause?: { code?: string } }).cause?.code).toBe('TRANSACTION_ENDED');
  });
});

describeEachDatabase('statements sent together', (current) => {
  it('fails the batch only after every member has finished sending', async () => {
    const { db } = current();
    await queryRows(db, sql`create table if not exists batch_steps (step text)`);
    const steps: string[] = [];
    const refusal = await db
      .transaction(async (tx) => {
        await pipelined(
          async () => {
            await queryRows(tx, sql`select 1`);
            // A member that sends again after its first answer: the batch must wait for it.
            await new Promise((resolve) => setTimeout(resolve, 50));
            steps.push('second statement sent');
            await queryRows(tx, sql`insert into batch_steps values ('second')`).catch(() => {});
            steps.push('second statement answered');
          },
          () => queryRows(tx, sql`select 1 / 0`),
        );
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    steps.push('batch failed');
    expect(refusal).toBeDefined();
    expect(steps).toEqual(['second statement sent', 'second statement answered', 'batch failed']);
    // The transaction was rolled back as a whole: nothing of it is left.
    const rows = await queryRows(db, sql`select step from batch_steps`);
    expect(rows).toEqual([]);
  });
});
