import fs from 'node:fs';
import path from 'node:path';

/*
 * PGlite lets one process own its folder: a second opener would corrupt it. The running site leaves a
 * note with its process id beside the folder, so command-line tools can say plainly that it must be
 * stopped first instead of failing obscurely (or worse).
 */

function notePath(dataDir: string): string {
  return path.join(dataDir, 'owner.json');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id of another live process that owns the embedded database in dataDir, if any. */
export function embeddedDatabaseOwner(dataDir: string): number | null {
  try {
    const { pid } = JSON.parse(fs.readFileSync(notePath(dataDir), 'utf8')) as { pid?: unknown };
    if (typeof pid !== 'number' || pid === process.pid) return null;
    return isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Marks this process as the owner of the embedded database until it exits. */
export function claimEmbeddedDatabase(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = notePath(dataDir);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
  process.once('exit', () => {
    try {
      const { pid } = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown };
      if (pid === process.pid) fs.rmSync(file);
    } catch {
      // already gone
    }
  });
}
