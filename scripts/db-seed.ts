// npm run db:seed: load the festival content into an empty database (after migrating it).
import { openConfiguredDatabase } from '@/lib/server/db';
import { seedIfEmpty } from '@/lib/server/db/seed';

const database = openConfiguredDatabase();
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
