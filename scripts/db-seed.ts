// npm run db:seed: load the festival content into an empty database (after migrating it).
import path from 'node:path';
import { openDatabase } from '@/lib/server/db/client';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { env } from '@/lib/server/env';

const e = env();
const database = e.DATABASE_URL
  ? openDatabase({ url: e.DATABASE_URL })
  : openDatabase({ dataDir: path.resolve(e.DATA_DIR, 'db') });
try {
  await database.migrate();
  const counts = await seedIfEmpty(database.db);
  console.log(
    counts ? `Seeded: ${JSON.stringify(counts)}` : 'The database already has content; nothing was seeded.',
  );
} catch (error) {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  if (database.kind === 'pglite')
    console.error('If the site is running on the embedded database, stop it first.');
  process.exitCode = 1;
} finally {
  await database.close();
}
