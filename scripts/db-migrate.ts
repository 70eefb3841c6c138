// npm run db:migrate: apply the committed migrations to DATABASE_URL, or to the embedded database.
import path from 'node:path';
import { openDatabase } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';

const e = env();
const database = e.DATABASE_URL
  ? openDatabase({ url: e.DATABASE_URL })
  : openDatabase({ dataDir: path.resolve(e.DATA_DIR, 'db') });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} catch (error) {
  console.error('Migration failed:', error instanceof Error ? error.message : error);
  if (database.kind === 'pglite')
    console.error('If the site is running on the embedded database, stop it first.');
  process.exitCode = 1;
} finally {
  await database.close();
}
