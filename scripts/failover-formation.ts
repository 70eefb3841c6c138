// A PostgreSQL primary and a synchronous standby with automatic failover, by pg_auto_failover: a monitor and
// two nodes on one machine (loopback ports), run as the postgres user in a folder of their own. The failover
// drill (drill-failover.ts) starts and stops it; read in order, start() is also the recipe an operator
// follows on three machines (docs/operations.md, "Database failover"), with each machine's own host name
// in place of 127.0.0.1.
//
// Needs Debian's packages pg-auto-failover-cli (pg_autoctl) and postgresql-15-auto-failover (the monitor's
// extension), and PostgreSQL 15's binaries in PG_BIN (/usr/lib/postgresql/15/bin).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { listenersOn, portInUse, processesInGroup } from './cluster-lib';
import { findTool } from './find-tool';
import { ownedDir, ownedTempDir, serverOwner } from './local-postgres';

export const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * The monitor's health checks, tuned so that a dead primary is replaced in a few seconds instead of the
 * defaults' 30 to 60. The monitor decides a failover when a node's keeper has not reported for
 * node_considered_unhealthy_timeout and its PostgreSQL has failed the monitor's health checks (tried every
 * health_check_period, each given health_check_timeout, health_check_max_retries more times
 * health_check_retry_delay apart); the standby is then promoted, and takes writes as a primary once the old
 * one has confirmed its demotion or primary_demote_timeout has passed. Milliseconds.
 *
 * Short timeouts are safe here because replication is synchronous: an old primary that is only cut off (not
 * dead) cannot commit anything while its standby no longer confirms, so a promotion after 3 s loses no
 * acknowledged write; the cost of a false alarm (a busy machine missing two health checks) is one needless
 * failover, which the site rides out like a real one. On a network with longer hiccups raise
 * node_considered_unhealthy_timeout first.
 */
export const monitorHealthSettings = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 1000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 3000,
  'pgautofailover.primary_demote_timeout': 3000,
} as const;

/** Lines for a postgresql.conf; appended after pg_autoctl's own include, so they win over it. */
export function configLines(settings: Record<string, string | number>, why: string): string {
  const lines = Object.entries(settings).map(([name, value]) =>
    typeof value === 'number' ? `${name} = ${value}` : `${name} = '${value.replace(/'/g, "''")}'`,
  );
  return `\n# ${why}\n${lines.join('\n')}\n`;
}

/** A node's place in the formation as the monitor sees it (pgautofailover.node). */
export interface NodeState {
  name: string;
  port: number;
  reported: string;
  assigned: string;
  /** The monitor's health check: 1 healthy, 0 failing, -1 not checked yet. */
  health: number;
}

/** Whether the formation has a primary and a streaming synchronous standby, each where the monitor wants it. */
export function isSteady(states: NodeState[]): boolean {
  const settled = (role: string) => states.filter((s) => s.reported === role && s.assigned === role);
  return states.length >= 2 && settled('primary').length === 1 && settled('secondary').length >= 1;
}

/** The node that is the settled primary, if any. */
export function primaryOf(states: NodeState[]): NodeState | undefined {
  return states.find((s) => s.reported === 'primary' && s.assigned === 'primary');
}

export interface FormationOptions {
  monitorPort: number;
  /** One node per port: node1 on the first (the first primary), node2 on the second, … */
  nodePorts: number[];
  /** The database pg_autoctl creates for the application. */
  database: string;
  log?: (line: string) => void;
}

export interface Formation {
  /** The site's DATABASE_URL: every node, the writable one chosen at each connection. */
  url: string;
  monitorUrl: string;
  /** The folder of the monitor's and the nodes' data, configuration and logs. */
  root: string;
  states(): Promise<NodeState[]>;
  /** Polls the monitor until `ready` holds (or throws after timeoutMs, naming `what`). */
  waitFor(ready: (states: NodeState[]) => boolean, timeoutMs: number, what: string): Promise<NodeState[]>;
  /** SIGKILL to a node's keeper and its PostgreSQL (every process of its tree), as a dying machine. */
  kill(name: string): Promise<void>;
  /** Starts a node's keeper again (after kill): it rejoins as the standby of whichever node is primary. */
  restart(name: string): void;
  stop(): Promise<void>;
}

/** Why pg_auto_failover cannot run here, or null when it can. */
export function missingTools(): string | null {
  if (!findTool(['pg_autoctl'])) {
    return 'pg_autoctl is not installed (apt-get install pg-auto-failover-cli postgresql-15-auto-failover).';
  }
  const sharedir = spawnSync(path.join(pgBin, 'pg_config'), ['--sharedir'], { encoding: 'utf8' });
  const control = path.join(sharedir.stdout?.trim() ?? '', 'extension', 'pgautofailover.control');
  if (sharedir.status !== 0 || !fs.existsSync(control)) {
    return `The monitor's extension is missing (${control}): apt-get install postgresql-15-auto-failover.`;
  }
  if (!fs.existsSync(path.join(pgBin, 'pg_ctl'))) return `No PostgreSQL binaries in ${pgBin} (set PG_BIN).`;
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates the monitor and the nodes and starts their keepers; resolves once the first node is the primary
 * and the others are its synchronous standbys. On failure everything started is stopped again.
 */
export async function startFormation(options: FormationOptions): Promise<Formation> {
  const log = options.log ?? ((line: string) => console.log(`[formation] ${line}`));
  const missing = missingTools();
  if (missing) throw new Error(missing);
  for (const port of [options.monitorPort, ...options.nodePorts]) {
    if (await portInUse(port)) throw new Error(`Port ${port} is already in use (a formation left running?).`);
  }

  // As root, everything runs as the postgres user (PostgreSQL refuses root), in a folder it owns.
  const user = serverOwner();
  const root = ownedTempDir('festival-failover-', user);
  const logs = ownedDir(root, 'logs', user);
  // pg_autoctl keeps its configuration and state under XDG folders: here, not in the postgres user's home.
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: process.env.NODE_ENV,
    PATH: `${pgBin}:${process.env.PATH ?? ''}`,
    HOME: root,
    XDG_CONFIG_HOME: path.join(root, 'config'),
    XDG_DATA_HOME: path.join(root, 'share'),
    XDG_RUNTIME_DIR: path.join(root, 'run'),
  };
  const pgdata = (name: string) => path.join(root, name);
  const nodes = options.nodePorts.map((port, i) => ({ name: `node${i + 1}`, port }));
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${options.monitorPort}/pg_auto_failover?sslmode=disable`;
  const keepers = new Map<string, ChildProcess>();

  /** One pg_autoctl command to completion (create …); its output goes to logs/<name>-create.log. */
  const autoctl = (name: string, args: string[]) => {
    const run = spawnSync('pg_autoctl', args, { ...user, env, cwd: root, encoding: 'utf8' });
    fs.writeFileSync(path.join(logs, `${name}-create.log`), `${run.stdout ?? ''}${run.stderr ?? ''}`);
    if (run.status !== 0) {
      const tail = `${run.stderr ?? run.error ?? ''}`.trim().split('\n').slice(-15).join('\n');
      throw new Error(`pg_autoctl ${args.slice(0, 2).join(' ')} for ${name} failed:\n${tail}`);
    }
  };
  /** `pg_autoctl run` for a node or the monitor, in a process group of its own (its PostgreSQL is in it). */
  const runKeeper = (name: string) => {
    const out = fs.openSync(path.join(logs, `${name}.log`), 'a');
    const child = spawn('pg_autoctl', ['run', '--pgdata', pgdata(name)], {
      ...user,
      env,
      cwd: root,
      detached: true,
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    keepers.set(name, child);
  };

  const monitor = postgres(monitorUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const states = async (): Promise<NodeState[]> =>
    (
      await monitor<
        { nodename: string; nodeport: number; reportedstate: string; goalstate: string; health: number }[]
      >`
        select nodename, nodeport, reportedstate, goalstate, health from pgautofailover.node order by nodeid`
    ).map((r) => ({
      name: r.nodename,
      port: r.nodeport,
      reported: r.reportedstate,
      assigned: r.goalstate,
      health: r.health,
    }));
  const waitFor = async (ready: (s: NodeState[]) => boolean, timeoutMs: number, what: string) => {
    const until = Date.now() + timeoutMs;
    let last: NodeState[] = [];
    for (;;) {
      try {
        last = await states();
        if (ready(last)) return last;
      } catch {
        // the monitor is starting
      }
      if (Date.now() > until) {
        const seen = last.map((s) => `${s.name} ${s.reported}→${s.assigned}`).join(', ') || 'nothing';
        throw new Error(`${what}: not within ${timeoutMs / 1000} s (the monitor says: ${seen})`);
      }
      await sleep(200);
    }
  };

  /**
   * Every live process of a keeper: the keeper, its services, PostgreSQL and its backends all stay in the
   * process group the keeper was started in, also once an orphan has a new parent.
   */
  const treeOf = (name: string) => {
    const pid = keepers.get(name)?.pid;
    return pid ? processesInGroup(pid) : [];
  };
  const signalTree = (name: string, signal: NodeJS.Signals) => {
    const pid = keepers.get(name)?.pid;
    try {
      if (pid) process.kill(-pid, signal);
    } catch {
      // gone already
    }
  };
  const portOf = (name: string) =>
    name === 'monitor' ? options.monitorPort : nodes.find((n) => n.name === name)!.port;

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await monitor.end({ timeout: 1 }).catch(() => {});
      // Nodes first, the monitor last: a keeper that loses its monitor only waits, but stop them all.
      const names = [...keepers.keys()].reverse();
      for (const name of names) signalTree(name, 'SIGTERM');
      const until = Date.now() + 15_000;
      const alive = () => names.some((n) => treeOf(n).length > 0 || listenersOn(portOf(n)).length > 0);
      while (alive() && Date.now() < until) await sleep(200);
      for (const name of names) {
        signalTree(name, 'SIGKILL');
        for (const pid of listenersOn(portOf(name))) process.kill(pid, 'SIGKILL');
      }
      fs.rmSync(root, { recursive: true, force: true, maxRetries: 5 });
      log('stopped');
    })());

  try {
    log(`monitor on 127.0.0.1:${options.monitorPort}, nodes on ${options.nodePorts.join(', ')} (in ${root})`);
    const common = [
      '--pgctl',
      path.join(pgBin, 'pg_ctl'),
      '--hostname',
      '127.0.0.1',
      '--auth',
      'trust',
      '--no-ssl',
    ];
    autoctl('monitor', [
      'create',
      'monitor',
      '--pgdata',
      pgdata('monitor'),
      '--pgport',
      String(options.monitorPort),
      ...common,
    ]);
    fs.appendFileSync(
      path.join(pgdata('monitor'), 'postgresql.conf'),
      configLines(monitorHealthSettings, 'Failover within seconds: scripts/failover-formation.ts says why'),
    );
    runKeeper('monitor');
    await waitFor(() => true, 30_000, 'the monitor answering');

    for (const [i, node] of nodes.entries()) {
      // The first node becomes the primary; each later one is cloned from it (pg_basebackup) as a standby.
      autoctl(node.name, [
        'create',
        'postgres',
        '--pgdata',
        pgdata(node.name),
        '--pgport',
        String(node.port),
        '--listen',
        '127.0.0.1',
        '--name',
        node.name,
        '--dbname',
        options.database,
        '--monitor',
        monitorUrl,
        ...common,
      ]);
      runKeeper(node.name);
      await waitFor(
        (s) =>
          i === 0
            ? s.some((n) => n.name === node.name && n.reported === 'single' && n.assigned === 'single')
            : isSteady(s) && s.filter((n) => n.reported === 'secondary').length === i,
        60_000,
        i === 0 ? `${node.name} becoming the primary` : `${node.name} becoming a synchronous standby`,
      );
      log(`${node.name} is ${i === 0 ? 'the primary' : 'a standby'}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const hosts = nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  return {
    url: `postgres://postgres@${hosts}/${options.database}?target_session_attrs=read-write`,
    monitorUrl,
    root,
    states,
    waitFor,
    async kill(name) {
      // Stopped first, then killed: nothing of the tree can start another process in between.
      signalTree(name, 'SIGSTOP');
      signalTree(name, 'SIGKILL');
      const port = portOf(name);
      const until = Date.now() + 10_000;
      while ((treeOf(name).length > 0 || listenersOn(port).length > 0) && Date.now() < until) await sleep(20);
      if (listenersOn(port).length > 0) throw new Error(`${name} still listens on ${port} after SIGKILL`);
      log(`${name} killed (SIGKILL to its keeper and PostgreSQL)`);
    },
    restart(name) {
      if (treeOf(name).length > 0) throw new Error(`${name} is still running`);
      runKeeper(name);
      log(`${name}'s keeper started again`);
    },
    stop,
  };
}
