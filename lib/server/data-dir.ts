import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR must be a folder this process can write (the embedded database, stored passes, uploads
 * without S3). Checked at start-up by writing and removing a probe file, so that a read-only or missing
 * mount stops the server with one sentence naming DATA_DIR, instead of a server that starts and then
 * answers 500 to everything with logs about ENOENT and owner.json.
 */
export function requireWritableDataDir(dataDir: string): void {
  const folder = path.resolve(dataDir);
  const probe = path.join(folder, `.write-check-${process.pid}`);
  try {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe, { force: true });
  } catch (error) {
    const cause = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(
      `DATA_DIR (${folder}) is not a writable folder (${cause}): set DATA_DIR to a folder this server's user can write.`,
    );
  }
}
