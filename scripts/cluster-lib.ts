// The pieces of `npm run start:cluster` (scripts/cluster.ts): N production instances of the site
// (`next start`, each with its own DATA_DIR and TRUSTED_PROXY_HOPS=1) on one PostgreSQL database, and nginx
// in front (deploy/nginx/festival.conf.template). Also used by the cluster's end-to-end tests
// (scripts/cluster-e2e.ts), the fault tests (e2e-cluster/faults.spec.ts, which kill and restart an
// instance) and the benchmarks (scripts/bench-http.ts, scripts/bench-rush.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findTool } from './find-tool';

export const templatePath = path.join('deploy', 'nginx', 'festival.conf.template');

export interface NginxOptions {
  proxyPort: number;
  instancePorts: number[];
  /** An `user …;` line for a master process that runs as root (workers then drop to this user). */
  user?: string;
}

/** The template with its placeholders filled in. */
export function renderNginxConfig(template: string, options: NginxOptions): string {
  const servers = options.instancePorts
    .map((port) => `        server 127.0.0.1:${port} max_fails=3 fail_timeout=5s;`)
    .join('\n');
  return template
    .replace('@USER@', options.user ? `user ${options.user};\n` : '')
    .replace('@PROXY_PORT@', String(options.proxyPort))
    .replace('@UPSTREAM_SERVERS@', servers);
}

/** The nginx binary: $NGINX, else `nginx` on the PATH, else Debian's /usr/sbin/nginx; null when none. */
export function findNginx(): string | null {
  return findTool([process.env.NGINX, 'nginx', '/usr/sbin/nginx'], ['-v']);
}

/** Whether something already listens on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The processes listening on a TCP port, from /proc (Linux; no fuser needed). `next start` runs the server
 * in a child of its own process group, so stopping the group we started is not always enough.
 */
export function listenersOn(port: number): number[] {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      if (!local || fields[3] !== '0A') continue; // 0A: LISTEN
      if (parseInt(local.split(':')[1] ?? '', 16) === port && fields[9]) inodes.add(fields[9]);
    }
  }
  if (inodes.size === 0) return [];
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode && inodes.has(inode)) {
        pids.push(Number(entry));
        break;
      }
    }
  }
  return pids;
}

/** The fields of /proc/<pid>/stat after the command name: state, ppid, pgrp, …; null when it has gone. */
function statFields(pid: number | string): string[] | null {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The live processes of a process group, from /proc (zombies, which no longer run, left out): what is
 * left of a tree started in a group of its own, also once its orphans have a new parent.
 */
export function processesInGroup(group: number): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    const fields = statFields(entry);
    return fields && Number(fields[2]) === group && fields[0] !== 'Z' ? [Number(entry)] : [];
  });
}

/** The process group of a process, from /proc; null when it has gone. */
function processGroupOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[2]) : null; // state, ppid, pgrp
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** Whether a child process is still running (one ended by a signal has a signalCode, no exitCode). */
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200; fails early when `child` exits first. */
export async function waitForHealthy(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && !running(child)) {
      const how = child.signalCode ?? `code ${child.exitCode}`;
      throw new Error(`${url}: the process exited (${how}) before it became healthy`);
    }
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (answer.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * The environment of instances that must run as a preview deployment, whatever the shell has: production in
 * everything but the payment sandbox and the mail outbox, which benchmarks, drills and fault journeys need
 * (empty values count as unset). `extra` adds to it or overrides it.
 */
export function previewEnv(jwtSecret: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PREVIEW: 'true',
    SMTP_URL: '',
    RAZORPAY_KEY_ID: '',
    RAZORPAY_KEY_SECRET: '',
    RAZORPAY_WEBHOOK_SECRET: '',
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export interface ClusterOptions {
  databaseUrl: string;
  instances: number;
  basePort: number;
  proxyPort: number;
  /** Seed an empty database with the festival content before starting (tests, previews). */
  seed: boolean;
  /** Extra environment for the instances, over process.env. */
  env?: Record<string, string>;
  /** Where each instance's DATA_DIR goes (`<dataRoot>/instance-<i>`). */
  dataRoot?: string;
  log?: (line: string) => void;
  /** Aborting it (Ctrl-C while starting) stops whatever has started and makes startCluster fail. */
  signal?: AbortSignal;
}

export interface Cluster {
  instanceUrls: string[];
  proxyUrl: string;
  /**
   * Kills one instance (0-based) as a crash would: SIGKILL to its process group and to whatever listens on
   * its port, no shutdown of any kind. Resolves once the process has exited and the port is free. For the
   * fault tests (e2e-cluster/faults.spec.ts).
   */
  kill(instance: number): Promise<void>;
  /** Starts a killed instance again with its environment and DATA_DIR; resolves when it is ready (/api/ready). */
  restart(instance: number): Promise<void>;
  stop(): Promise<void>;
}

function prefixLines(stream: NodeJS.ReadableStream | null, label: string, out: NodeJS.WriteStream) {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${label}] ${line}\n`);
  });
}

/** Runs a tsx script of this repository to completion (migrations, seed), with `env`. */
export function runScript(script: string, env: NodeJS.ProcessEnv): void {
  const tsx = path.join('node_modules', '.bin', 'tsx');
  const run = spawnSync(tsx, ['--conditions=react-server', script], { env, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`${script} failed (exit code ${run.status ?? run.signal})`);
}

/**
 * V8 options every instance runs with (docs/deploy.md gives the same to systemd). Serving a cached page
 * allocates a few hundred KB that die with the request (the page's bytes, the gzip stream, Next's request
 * objects). With V8's default young generation an instance under load scavenged about 25 times a second,
 * 6 to 7% of its time; with 64 MB semi-spaces about 6 times, 4%, for at most 128 MB more memory.
 */
export const instanceNodeOptions = '--max-semi-space-size=64';

/** NODE_OPTIONS for a server process: instanceNodeOptions, then the caller's own (the last of a flag wins). */
export const serverNodeOptions = () =>
  [instanceNodeOptions, process.env.NODE_OPTIONS].filter(Boolean).join(' ');

/**
 * Starts the cluster: checks the build and the ports, migrates (and seeds) the database once, starts the
 * instances and waits for each to be ready (/api/ready), then starts nginx and waits for /api/ready through it.
 * On any failure everything already started is stopped again.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(`[cluster] ${line}`));
  if (!fs.existsSync(path.join('.next', 'BUILD_ID'))) {
    throw new Error('No production build in .next: run `npm run build` first.');
  }
  const nginx = findNginx();
  if (!nginx)
    throw new Error('nginx is not installed (apt-get install nginx-light), or set NGINX=/path/to/nginx.');
  const ports = Array.from({ length: options.instances }, (_, i) => options.basePort + i);
  for (const port of [...ports, options.proxyPort]) {
    if (await portInUse(port)) throw new Error(`Port ${port} is already in use.`);
  }

  const proxyUrl = `http://localhost:${options.proxyPort}`;
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    SITE_URL: process.env.SITE_URL ?? proxyUrl,
    ...options.env,
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    TRUSTED_PROXY_HOPS: '1',
  };

  // Migrate once here, so that N instances starting together do not race over the same migrations.
  log(options.seed ? 'migrating and seeding the database' : 'migrating the database');
  runScript(path.join('scripts', options.seed ? 'db-seed.ts' : 'db-migrate.ts'), baseEnv);

  const children: { child: ChildProcess; port: number }[] = [];
  let nginxChild: ChildProcess | null = null;
  let nginxPrefix: string | null = null;
  let stopping: Promise<void> | null = null;

  // Every caller waits for the same shutdown (a signal during start-up, then the failure it causes).
  const stop = () => (stopping ??= stopAll());
  const stopAll = async () => {
    if (nginxChild?.pid && running(nginxChild)) signal(nginxChild.pid, 'SIGQUIT');
    for (const { child } of children) if (child.pid && running(child)) signal(-child.pid, 'SIGTERM');
    for (const { port } of children) for (const pid of listenersOn(port)) signal(pid, 'SIGTERM');
    const until = Date.now() + 8_000;
    const alive = () =>
      children.some(({ child, port }) => running(child) || listenersOn(port).length > 0) ||
      (nginxChild !== null && running(nginxChild));
    while (alive() && Date.now() < until) await sleep(100);
    for (const { child, port } of children) {
      if (child.pid && running(child)) signal(-child.pid, 'SIGKILL');
      for (const pid of listenersOn(port)) signal(pid, 'SIGKILL');
    }
    if (nginxChild?.pid && running(nginxChild)) signal(nginxChild.pid, 'SIGKILL');
    for (const pid of listenersOn(options.proxyPort)) signal(pid, 'SIGKILL');
    if (nginxPrefix) fs.rmSync(nginxPrefix, { recursive: true, force: true, maxRetries: 5 });
    log('stopped');
  };

  const dataRoot = path.resolve(options.dataRoot ?? path.join('.data', 'cluster'));
  const next = path.join('node_modules', '.bin', 'next');
  /** Spawns instance i (0-based) on its port, in place of any earlier process of that instance. */
  const startInstance = (i: number): ChildProcess => {
    const port = ports[i]!;
    const dataDir = path.join(dataRoot, `instance-${i + 1}`);
    fs.mkdirSync(dataDir, { recursive: true });
    // Its own process group, so that stop() can signal the instance and everything it started.
    const child = spawn(next, ['start', '-H', '127.0.0.1', '-p', String(port)], {
      env: { ...baseEnv, DATA_DIR: dataDir, NODE_OPTIONS: serverNodeOptions() },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixLines(child.stdout, `app ${port}`, process.stdout);
    prefixLines(child.stderr, `app ${port}`, process.stderr);
    children[i] = { child, port };
    log(`instance ${i + 1} starting on http://127.0.0.1:${port} (DATA_DIR ${dataDir})`);
    return child;
  };

  const instanceAt = (i: number) => {
    const entry = children[i];
    if (!entry) throw new Error(`There is no instance ${i} (the cluster has ${children.length}).`);
    return entry;
  };

  const kill = async (i: number) => {
    const { child, port } = instanceAt(i);
    const ownGroup = processGroupOf(process.pid);
    const groups = new Set<number>();
    if (child.pid && running(child)) groups.add(child.pid);
    const listeners = listenersOn(port);
    for (const pid of listeners) {
      const group = processGroupOf(pid);
      if (group !== null && group !== ownGroup) groups.add(group);
    }
    for (const group of groups) signal(-group, 'SIGKILL');
    for (const pid of listeners) signal(pid, 'SIGKILL');
    const until = Date.now() + 10_000;
    while ((running(child) || listenersOn(port).length > 0) && Date.now() < until) await sleep(50);
    if (running(child) || listenersOn(port).length > 0) {
      throw new Error(`instance ${i + 1} on port ${port} survived SIGKILL for 10 s`);
    }
    log(`instance ${i + 1} on port ${port} killed (SIGKILL)`);
  };

  const restart = async (i: number) => {
    const { child, port } = instanceAt(i);
    if (stopping) throw new Error('The cluster is stopping.');
    if (running(child) || listenersOn(port).length > 0) {
      throw new Error(`instance ${i + 1} on port ${port} is still running`);
    }
    const restarted = startInstance(i);
    await waitForHealthy(`http://127.0.0.1:${port}/api/ready`, 120_000, restarted);
  };

  const abandoned = () => {
    if (options.signal?.aborted) throw new Error('Stopped while starting.');
  };
  options.signal?.addEventListener('abort', () => void stop(), { once: true });

  try {
    ports.forEach((_, i) => startInstance(i));
    await Promise.all(
      children.map(({ child, port }) => waitForHealthy(`http://127.0.0.1:${port}/api/ready`, 120_000, child)),
    );
    abandoned();

    // nginx keeps everything (pid, logs, temporary files, cache) in a directory of its own. A root master
    // hands the workers to nobody, who must be able to enter it.
    nginxPrefix = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-nginx-'));
    fs.chmodSync(nginxPrefix, 0o755);
    for (const dir of ['logs', 'tmp', 'cache']) fs.mkdirSync(path.join(nginxPrefix, dir));
    const isRoot = process.getuid?.() === 0;
    const config = renderNginxConfig(fs.readFileSync(templatePath, 'utf8'), {
      proxyPort: options.proxyPort,
      instancePorts: ports,
      user: isRoot ? 'nobody nogroup' : undefined,
    });
    const configFile = path.join(nginxPrefix, 'nginx.conf');
    fs.writeFileSync(configFile, config);
    const nginxArgs = [
      '-p',
      `${nginxPrefix}/`,
      '-c',
      configFile,
      '-e',
      path.join(nginxPrefix, 'logs', 'error.log'),
    ];
    const check = spawnSync(nginx, [...nginxArgs, '-t', '-q'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
    nginxChild = spawn(nginx, nginxArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
    await waitForHealthy(`http://127.0.0.1:${options.proxyPort}/api/ready`, 20_000, nginxChild);
    abandoned();
    log(`nginx on ${proxyUrl} (prefix ${nginxPrefix}) in front of ${ports.length} instance(s)`);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    instanceUrls: ports.map((port) => `http://localhost:${port}`),
    proxyUrl,
    kill,
    restart,
    stop,
  };
}

/** A positive integer from the environment, or the default. */
export function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a positive whole number (got "${raw}").`);
  }
  return value;
}

/** deploy/nginx/festival.conf: the template filled in for two instances on 3000 and 3001, nginx on 8080. */
export const exampleConfigPath = path.join('deploy', 'nginx', 'festival.conf');
export function exampleConfig(template: string): string {
  return renderNginxConfig(template, { proxyPort: 8080, instancePorts: [3000, 3001] });
}
