// npm run db:migrate: apply the committed migrations to DATABASE_URL, or to the embedded database.
import { openConfiguredDatabase } from '@/lib/server/db';

const database = openConfiguredDatabase();
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
