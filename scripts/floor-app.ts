// The framework floor for the benchmarks: a bare Next.js page built from this project's own packages, so a
// figure for the site can be read against what the framework alone does on the same machine and sitting.
// Also the helpers both benchmarks use to run a built project with `next start` (wait for it with
// cluster-lib's waitForHealthy).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverNodeOptions } from './cluster-lib';

/**
 * One static page of text with a root layout, nothing else, built by the same Next.js and React as the
 * site. It is a project of its own in a temporary folder (inside this one, Next would take this project's
 * config and start-up hook with it), with this project's packages hard-linked in. Returns its folder;
 * `removeFloorApp` deletes it.
 */
export function buildFloorApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-floor-'));
  fs.mkdirSync(path.join(dir, 'app'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
  fs.writeFileSync(
    path.join(dir, 'app', 'layout.jsx'),
    [
      "export const metadata = { title: 'Framework floor', description: 'A bare page for measuring the framework.' };",
      'export default function Layout({ children }) {',
      '  return (<html lang="en"><body>{children}</body></html>);',
      '}',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'app', 'page.jsx'),
    [
      'export default function Page() {',
      '  return (<main><h1>Framework floor</h1>{Array.from({ length: 30 }, (_, i) => (',
      '    <p key={i}>Paragraph {i + 1}: plain server-rendered text, no client component, no image, no font.</p>',
      '  ))}</main>);',
      '}',
      '',
    ].join('\n'),
  );
  // Hard links: a copy of node_modules in a second or two, without the disk space (a plain copy otherwise).
  const linked = spawnSync('cp', ['-al', 'node_modules', path.join(dir, 'node_modules')]);
  if (linked.status !== 0) fs.cpSync('node_modules', path.join(dir, 'node_modules'), { recursive: true });
  const build = spawnSync('npx', ['next', 'build'], { cwd: dir, stdio: 'inherit' });
  if (build.status !== 0) {
    removeFloorApp(dir);
    throw new Error('framework floor build failed');
  }
  return dir;
}

export function removeFloorApp(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
}

/**
 * The settings of the site's server in a page-load benchmark (bench:lighthouse, bench:trace): a production
 * server as visitors meet it (no preview mark), signed-in pages measured as the seeded organiser. It needs
 * mail and payment settings to start, and no page measured mails or pays.
 */
export function siteBenchEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    DEV_ORGANISER: 'true',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    RAZORPAY_KEY_ID: 'rzp_test_bench',
    RAZORPAY_KEY_SECRET: 'bench-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
  };
}

/**
 * `next start` of a built project folder, in its own process group (stopping it also stops its child), with
 * the V8 options the site's instances get, so that a comparison is between the pages and not the flags.
 * Next's own command is run by this Node directly, not through npx, whose own start would count in a
 * measured start (bench:cold-start).
 */
export function startNextServer(
  dir: string,
  port: number,
  env: Record<string, string> = {},
  /** A file for the server's output (its log), to be read after the run; none: discarded. */
  logFile?: string,
): ChildProcess {
  const next = path.resolve(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const log = logFile === undefined ? 'ignore' : fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, [next, 'start', '-p', String(port)], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NODE_OPTIONS: serverNodeOptions(),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  // The child has its own copy of the descriptor.
  if (typeof log === 'number') fs.closeSync(log);
  return server;
}

export function stopServer(server: ChildProcess): void {
  if (!server.pid) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
