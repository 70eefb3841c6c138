import 'server-only';
import type { Db } from './client';

/**
 * A statement Drizzle builds once per database handle instead of on every call, for the hot statements
 * that run outside a transaction (a transaction is a new handle each time, so its statements are built
 * afresh). Building a statement from the query builder costs Drizzle 35 to 70 µs, more than PostgreSQL
 * takes to run a simple one; a prepared query with `sql.placeholder` values only binds them.
 *
 *   const byId = preparedOn((db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('userById'));
 *   const [row] = await byId(db).execute({ id });
 *
 * Keyed by the handle, so tests that open several databases each get their own.
 */
export function preparedOn<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
