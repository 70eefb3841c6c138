import fs from 'node:fs';
import path from 'node:path';
import { describeConnection } from '@/lib/server/db/postgres-url';
import { intFromEnv, portInUse } from './cluster-lib';
import { initDataDir, ownedTempDir, serverOwner, startServer } from './local-postgres';

/*
 * The PostgreSQL server a benchmark creates its own database on: DATABASE_URL (or TEST_DATABASE_URL) when
 * given, else one started for the run (initdb and postgres on the PATH) on PG_PORT (54339) in a temporary
 * folder, removed again when stopped.
 */

export interface DatabaseServer {
  url: string;
  /** What the conditions say about where it came from. */
  origin: string;
  stop(): Promise<void>;
}

async function startPostgres(folderPrefix: string): Promise<DatabaseServer> {
  const port = intFromEnv('PG_PORT', 54339);
  if (await portInUse(port)) throw new Error(`PG_PORT ${port} is already in use.`);
  const owner = serverOwner();
  const dir = ownedTempDir(folderPrefix, owner);
  const remove = () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  try {
    const data = path.join(dir, 'data');
    try {
      initDataDir(data, owner);
    } catch (error) {
      throw new Error(
        `${error instanceof Error ? error.message : error} (set DATABASE_URL to use a running server instead)`,
      );
    }
    const server = await startServer({ dataDir: data, port, socketDir: dir, owner });
    const stop = async () => {
      await server.stop();
      remove();
    };
    return { url: server.url, origin: `started by the benchmark on port ${port}, initdb defaults`, stop };
  } catch (error) {
    remove();
    throw error;
  }
}

/** The server named by DATABASE_URL or TEST_DATABASE_URL, else one of the run's own. */
export async function databaseServer(folderPrefix: string): Promise<DatabaseServer> {
  const given = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) {
    return {
      url: given,
      origin: `given by DATABASE_URL, ${describeConnection(given)}`,
      stop: async () => {},
    };
  }
  return startPostgres(folderPrefix);
}
