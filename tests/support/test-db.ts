import crypto from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe } from 'vitest';
import { adoptDatabase } from '@/lib/server/db';
import { openDatabase, type Database } from '@/lib/server/db/client';

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
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `festival_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    async dispose() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Runs a suite once per database kind; inside it, `current()` is that suite's database, which the app's
 * getDb() also answers with (so route handlers can be called directly).
 */
export function describeEachDatabase(name: string, suite: (current: () => Database) => void): void {
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
      });
    });
  }
}
