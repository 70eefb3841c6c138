// Throwaway PostgreSQL servers in temporary folders, for the benchmark (scripts/bench-rush.ts) and the
// restore drill (scripts/drill-restore.ts). PostgreSQL refuses to run as root: as root, every folder is
// handed to the postgres user and every server process and tool runs as that user, set on the process
// itself rather than through runuser, so that stopping signals postgres and its exit means it has finished
// with the folder.
import { execSync, spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

/** Debian's PostgreSQL 15 binaries, used when a tool is not on the PATH. */
const debianBinDir = '/usr/lib/postgresql/15/bin';

/** A PostgreSQL program: from the PATH when it is there, else Debian's folder. */
export function pgProgram(name: string): string {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  return path.join(debianBinDir, name);
}

export interface Owner {
  uid?: number;
  gid?: number;
}

/** The postgres user when this process is root (PostgreSQL's rule), else nobody in particular. */
export function serverOwner(): Owner {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execSync('id -u postgres', { encoding: 'utf8' })),
    gid: Number(execSync('id -g postgres', { encoding: 'utf8' })),
  };
}

/** A new temporary folder that the server's owner may write. */
export function ownedTempDir(prefix: string, owner: Owner): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (owner.uid !== undefined) fs.chownSync(dir, owner.uid, owner.gid!);
  return dir;
}

/** A folder inside `parent`, owned like it (pgBackRest's repository, logs, a restore's data directory). */
export function ownedDir(parent: string, name: string, owner: Owner, mode = 0o750): string {
  const dir = path.join(parent, name);
  fs.mkdirSync(dir, { recursive: true, mode });
  fs.chmodSync(dir, mode);
  if (owner.uid !== undefined) fs.chownSync(dir, owner.uid, owner.gid!);
  return dir;
}

/** Runs a program as the server's owner, from `cwd`, and returns what it said. */
export function runAs(owner: Owner, cwd: string, program: string, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(program, args, { ...owner, cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** initdb with trust authentication (a throwaway server on 127.0.0.1), then `extraConfig` appended. */
export function initDataDir(dataDir: string, owner: Owner, extraConfig = ''): void {
  const init = runAs(owner, path.dirname(dataDir), pgProgram('initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr ?? init.error}`);
  if (extraConfig) fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${extraConfig}`);
}

export interface ServerOptions {
  dataDir: string;
  port: number;
  /** Where the Unix socket goes (a short path: sockets have a length limit). */
  socketDir: string;
  owner: Owner;
  /** More `-c name=value` settings. */
  settings?: Record<string, string>;
  /** How long start-up may take: a server recovering from archived WAL takes longer than a fresh one. */
  timeoutMs?: number;
}

export interface RunningServer {
  url: string;
  /** What the server has written to stderr so far (its log). */
  log(): string;
  /** Fast shutdown; resolves when the process has exited. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `postgres` on a data directory and resolves once it accepts connections and is not in recovery
 * (a restored server answers read-only queries while it is still replaying WAL: that is not ready).
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const settings = {
    listen_addresses: '127.0.0.1',
    max_connections: '200',
    ...options.settings,
  };
  const args = ['-D', options.dataDir, '-p', String(options.port), '-k', options.socketDir];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
  const child: ChildProcess = spawn(pgProgram('postgres'), args, {
    ...options.owner,
    cwd: path.dirname(options.dataDir),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `postgres://postgres@127.0.0.1:${options.port}/postgres`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT'); // fast shutdown
      await exited;
    }
  };
  const until = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
    try {
      const [row] = await sql<{ recovering: boolean }[]>`select pg_is_in_recovery() as recovering`;
      if (!row!.recovering) return { url, log: () => log, stop };
    } catch {
      // not accepting connections yet
    } finally {
      await sql.end({ timeout: 1 });
    }
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`PostgreSQL on port ${options.port} did not become ready:\n${log.slice(-4000)}`);
    }
    await sleep(250);
  }
}
