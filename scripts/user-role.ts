// npm run user:role -- <email> <role>: give an account the role user, volunteer, organiser or admin.
import os from 'node:os';
import { roleSchema } from '@/lib/schemas/admin-people';
import { embeddedDataDir, openConfiguredDatabase } from '@/lib/server/db';
import { embeddedDatabaseOwner } from '@/lib/server/db/embedded-owner';
import { usesEmbeddedDatabase } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { setRole } from '@/lib/server/admin/people';

const usage = 'Usage: npm run user:role -- <email> <user|volunteer|organiser|admin>';

async function main(): Promise<number> {
  const [email, roleName, ...rest] = process.argv.slice(2);
  if (!email || !roleName || rest.length > 0) {
    console.error(usage);
    return 2;
  }
  const role = roleSchema.safeParse(roleName.toLowerCase());
  if (!role.success) {
    console.error(`"${roleName}" is not a role. ${usage}`);
    return 2;
  }
  if (usesEmbeddedDatabase()) {
    const owner = embeddedDatabaseOwner(embeddedDataDir());
    if (owner !== null) {
      console.error(
        `The site (process ${owner}) is running on the embedded database, which only one process may open.\n` +
          'Stop the site first and run this again, or, while it runs, have an admin change the role at /admin/people.',
      );
      return 1;
    }
  }
  const database = openConfiguredDatabase();
  try {
    await database.migrate();
    // The command line acts as the machine's user: the audit log says so.
    const actor = { id: null, email: `command line (${os.userInfo().username})` };
    const person = await setRole(database.db, actor, { email }, role.data);
    console.log(`${person.email} is now ${person.role}.`);
    return 0;
  } catch (error) {
    console.error(error instanceof AppError ? error.message : `Could not change the role: ${String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
