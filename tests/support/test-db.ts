import { afterAll, beforeAll, describe } from 'vitest';
import { adoptDatabase } from '@/lib/server/db';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { createScratchDatabase } from '../../scripts/scratch-database';

/**
 * Fresh, migrated databases for integration tests: always an in-memory PGlite, and a throwaway database on
 * the PostgreSQL server named by TEST_DATABASE_URL when it is set (CI starts one).
 */
export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export async function createTestDatabase(
  kind: DatabaseKind,
): Promise<Database & { dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = openDatabase({ dataDir: 'memory' });
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'festival_test_');
  const database = openDatabase({ url: scratch.url });
  await database.migrate();
  return {
    ...database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Runs a suite once per database kind; inside it, `current()` is that suite's database, which the app's
 * getDb() also answers with (so route handlers can be called directly). `kind` lets a heavy suite do most
 * of its work on one of them.
 */
export function describeEachDatabase(
  name: string,
  suite: (current: () => Database, kind: DatabaseKind) => void,
): void {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let database: (Database & { dispose(): Promise<void> }) | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(kind);
        adoptDatabase(database);
      });
      afterAll(async () => {
        await database?.dispose();
      });
      suite(() => {
        if (!database) throw new Error('test database not ready');
        return database;
      }, kind);
    });
  }
}
