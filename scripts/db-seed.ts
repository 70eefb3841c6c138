// npm run db:seed: load the festival content into an empty database (after migrating it).
import { openConfiguredDatabase } from '@/lib/server/db';
import { devOrganiser, ensureDevOrganiser } from '@/lib/server/db/dev-organiser';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { contentTagList, expireSharedCacheTags } from '@/lib/server/db/shared-cache';
import { seedsDevOrganiser } from '@/lib/server/env';

const database = openConfiguredDatabase();
try {
  await database.migrate();
  const counts = await seedIfEmpty(database.db, { withTimetable: true });
  // Running instances may have cached the empty pages: they drop them now.
  if (counts) await expireSharedCacheTags(database.db, contentTagList);
  console.log(
    counts ? `Seeded: ${JSON.stringify(counts)}` : 'The database already has content; nothing was seeded.',
  );
  if (seedsDevOrganiser() && (await ensureDevOrganiser(database.db))) {
    console.log(`Created the local organiser account ${devOrganiser.email} (see the README).`);
  }
} catch (error) {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  if (database.kind === 'pglite')
    console.error('If the site is running on the embedded database, stop it first.');
  process.exitCode = 1;
} finally {
  await database.close();
}
