import path from 'node:path';
import { instanceNodeOptions, previewEnv, runScript } from '../cluster-lib';
import { createScratchDatabase, dropStaleDatabases } from '../scratch-database';
import { readOnlyCodeFolder, removeFolder } from './code-folder';
import { startPlatform, type Platform, type PlatformOptions } from './platform';

/*
 * The site on the emulated serverless platform (platform.ts), ready for a journey or a measurement: a
 * scratch database on TEST_DATABASE_URL's server, migrated and seeded once (as a deploy step would, so no
 * instance's cold start includes it), the build copied into a read-only code folder, and the front. The
 * instances are a preview deployment (the payment sandbox), with what a function platform sets: `VERCEL=1`
 * (the app's own signal that no process outlives a request), a cron secret, and the front as SITE_URL.
 */

export const serverlessJwtSecret = 'serverless-emulation-secret-long-enough-for-hs256';
export const serverlessCronSecret = 'serverless-emulation-cron-secret-of-length';
const databasePrefix = 'festival_serverless_';

export interface Emulation {
  platform: Platform;
  databaseUrl: string;
  /** The read-only code folder the instances run from. */
  codeDir: string;
  stop(): Promise<void>;
}

export interface EmulationOptions extends Pick<
  PlatformOptions,
  'port' | 'instanceBasePort' | 'maxInstances'
> {
  requestsPerInstance?: number;
  idleLifetimeMs?: number;
  /** More environment for the instances (SMTP_URL, …). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export async function startEmulation(options: EmulationOptions): Promise<Emulation> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The serverless emulation needs TEST_DATABASE_URL (a PostgreSQL server).');
  await dropStaleDatabases(serverUrl, databasePrefix);
  const database = await createScratchDatabase(serverUrl, databasePrefix);
  let codeDir: string | null = null;
  try {
    const siteUrl = `http://127.0.0.1:${options.port}`;
    const env = previewEnv(serverlessJwtSecret, {
      DATABASE_URL: database.url,
      SITE_URL: siteUrl,
      CRON_SECRET: serverlessCronSecret,
      DEV_ORGANISER: 'true',
      TRUSTED_PROXY_HOPS: '1',
      VERCEL: '1',
      NODE_OPTIONS: instanceNodeOptions,
      ...options.env,
    });
    runScript(path.join('scripts', 'db-seed.ts'), { ...process.env, ...env, NODE_ENV: 'production' });
    codeDir = readOnlyCodeFolder();
    const platform = await startPlatform({ ...options, codeDir, env });
    const folder = codeDir;
    return {
      platform,
      databaseUrl: database.url,
      codeDir: folder,
      async stop() {
        await platform.stop().catch(() => {});
        removeFolder(folder);
        await database.drop();
      },
    };
  } catch (error) {
    if (codeDir) removeFolder(codeDir);
    await database.drop().catch(() => {});
    throw error;
  }
}
