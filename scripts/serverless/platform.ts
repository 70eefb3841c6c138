import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { instanceDataDir, instanceUser, removeFolder } from './code-folder';

/*
 * A serverless platform in miniature, for the self-contained server: a front that gives each request to an
 * instance of its own, as a function platform does. What such a platform does to the code, this does too:
 *
 * - one request at a time per instance; a new instance is started (a cold start) when none is free;
 * - an instance is frozen (SIGSTOP) as soon as it has no request in flight and thawed (SIGCONT) when the
 *   next one comes, so nothing of the app runs between requests: no timer, no work left after an answer;
 * - instances are thrown away (SIGKILL, no goodbye) after a few requests, after a while idle, or when the
 *   test says so, and new ones start fresh;
 * - the code folder is read-only to them (code-folder.ts), DATA_DIR is a folder of their own under /tmp,
 *   and each has a database pool of 2.
 *
 * Every answer says which instance gave it (`x-platform-instance`), so a test can tell where a request
 * landed.
 */

export interface PlatformOptions {
  /** The read-only code folder (readOnlyCodeFolder()). */
  codeDir: string;
  port: number;
  /** Ports for the instances, from this one up (one per instance ever started, reused when free). */
  instanceBasePort: number;
  /** The environment every instance gets (DATABASE_URL, JWT_SECRET, …), over a minimal one. */
  env: Record<string, string>;
  /** Instances at once (a platform's concurrency limit); requests beyond wait for a free one. */
  maxInstances?: number;
  /** An instance is thrown away after this many requests. */
  requestsPerInstance?: number;
  /** An instance idle (frozen) this long is thrown away. */
  idleLifetimeMs?: number;
  log?: (line: string) => void;
}

export interface InstanceRecord {
  id: number;
  port: number;
  pid: number;
  startedAt: number;
  /** Milliseconds from the process's start to the end of its first answer. */
  coldStartMs: number | null;
  requests: number;
  state: 'starting' | 'running' | 'frozen' | 'gone';
}

export interface Platform {
  url: string;
  /** Every instance started so far, the thrown-away ones included. */
  readonly instances: readonly InstanceRecord[];
  /** Throws an instance away now (SIGKILL), as a platform recycles one; a request in flight on it fails. */
  retire(id: number): void;
  /** Throws every instance away: the next request starts a fresh one. */
  retireAll(): void;
  /** The last lines an instance wrote (its log), for a failure's message. */
  logOf(id: number): string;
  stop(): Promise<void>;
}

interface Instance extends InstanceRecord {
  child: ChildProcess;
  exited: boolean;
  dataDir: string;
  busy: boolean;
  ready: Promise<void>;
  lines: string[];
  idleTimer: NodeJS.Timeout | null;
}

const instanceHeader = 'x-platform-instance';
const keptLogLines = 200;

/** Resolves once something accepts connections on the port; rejects when the process exits first. */
async function listening(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the instance exited (${child.exitCode ?? child.signalCode}) before listening`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`the instance did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const log = options.log ?? ((line: string) => console.log(`[platform] ${line}`));
  const maxInstances = options.maxInstances ?? 4;
  const requestsPerInstance = options.requestsPerInstance ?? 6;
  const idleLifetimeMs = options.idleLifetimeMs ?? 15_000;
  const url = `http://127.0.0.1:${options.port}`;
  const instances: Instance[] = [];
  const waiting: ((instance: Instance) => void)[] = [];
  let nextId = 1;

  const live = () => instances.filter((i) => i.state !== 'gone');
  // A port stays taken until its process has exited: a SIGKILLed server may still hold it for a moment.
  const freePort = () => {
    const used = new Set(instances.filter((i) => !i.exited).map((i) => i.port));
    for (let port = options.instanceBasePort; ; port += 1) if (!used.has(port)) return port;
  };

  const throwAway = (instance: Instance, why: string) => {
    if (instance.state === 'gone') return;
    if (instance.idleTimer) clearTimeout(instance.idleTimer);
    instance.state = 'gone';
    // A frozen process takes SIGKILL as it is: no SIGCONT first, nothing of the app runs again.
    if (instance.child.pid) signal(instance.child.pid, 'SIGKILL');
    log(`instance ${instance.id} thrown away (${why}) after ${instance.requests} request(s)`);
    dispatchWaiting();
  };

  const launch = (): Instance => {
    const id = nextId++;
    const port = freePort();
    const dataDir = instanceDataDir(String(id));
    // setpriv replaces itself with node: the child's pid is the server's, for SIGSTOP and SIGCONT.
    const child = spawn(
      'setpriv',
      [
        `--reuid=${instanceUser.name}`,
        `--regid=${instanceUser.group}`,
        '--clear-groups',
        '--',
        process.execPath,
        path.join(options.codeDir, 'server.js'),
      ],
      {
        cwd: dataDir,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: dataDir,
          NODE_ENV: 'production',
          HOSTNAME: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_POOL_MAX: '2',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const instance: Instance = {
      id,
      port,
      pid: child.pid ?? 0,
      startedAt: performance.now(),
      coldStartMs: null,
      requests: 0,
      state: 'starting',
      child,
      exited: false,
      dataDir,
      busy: true,
      lines: [],
      idleTimer: null,
      ready: Promise.resolve(),
    };
    const keep = (chunk: Buffer) => {
      instance.lines.push(...chunk.toString().split('\n').filter(Boolean));
      if (instance.lines.length > keptLogLines)
        instance.lines.splice(0, instance.lines.length - keptLogLines);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signalName) => {
      instance.exited = true;
      if (instance.state !== 'gone') {
        log(
          `instance ${id} exited by itself (${code ?? signalName}):\n${instance.lines.slice(-20).join('\n')}`,
        );
        instance.state = 'gone';
        dispatchWaiting();
      }
      removeFolder(dataDir);
    });
    instance.ready = listening(port, child, 60_000);
    instances.push(instance);
    log(`instance ${id} starting on port ${port}`);
    return instance;
  };

  /** A free instance (thawed and marked busy), starting one when allowed, or waiting for one. */
  const acquire = (): Promise<Instance> => {
    const free = instances.find((i) => i.state === 'frozen' && !i.busy);
    if (free) {
      if (free.idleTimer) clearTimeout(free.idleTimer);
      free.busy = true;
      free.state = 'running';
      signal(free.pid, 'SIGCONT');
      return Promise.resolve(free);
    }
    if (live().length < maxInstances) return Promise.resolve(launch());
    return new Promise((resolve) => waiting.push(resolve));
  };

  const release = (instance: Instance) => {
    instance.busy = false;
    if (instance.state === 'gone') return;
    if (instance.requests >= requestsPerInstance) return throwAway(instance, 'request budget spent');
    instance.state = 'frozen';
    signal(instance.pid, 'SIGSTOP');
    instance.idleTimer = setTimeout(() => throwAway(instance, 'idle'), idleLifetimeMs);
    dispatchWaiting();
  };

  function dispatchWaiting(): void {
    while (waiting.length > 0) {
      const free = instances.find((i) => i.state === 'frozen' && !i.busy);
      if (!free && live().length >= maxInstances) return;
      const next = waiting.shift()!;
      void acquire().then(next);
    }
  }

  const answerError = (response: http.ServerResponse, status: number, message: string) => {
    if (response.headersSent) return response.destroy();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message }));
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const instance = await acquire();
      instance.requests += 1;
      try {
        await instance.ready;
      } catch (error) {
        answerError(response, 502, `platform: ${(error as Error).message}`);
        throwAway(instance, 'failed to start');
        return;
      }
      if (instance.state === 'gone') return answerError(response, 502, 'platform: instance thrown away');
      instance.state = 'running';
      // The answer's end, its error and the connection's error may each come: the instance is let go once.
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release(instance);
      };
      const forwarded = request.headers['x-forwarded-for'];
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: instance.port,
          method: request.method,
          path: request.url,
          headers: {
            ...request.headers,
            'x-forwarded-for': [forwarded, request.socket.remoteAddress].filter(Boolean).join(', '),
          },
          agent: false,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, {
            ...answer.headers,
            [instanceHeader]: String(instance.id),
          });
          answer.pipe(response);
          answer.once('end', () => {
            if (instance.coldStartMs === null) instance.coldStartMs = performance.now() - instance.startedAt;
            done();
          });
          answer.once('error', done);
        },
      );
      upstream.once('error', (error) => {
        answerError(response, 502, `platform: instance ${instance.id}: ${error.message}`);
        done();
      });
      request.pipe(upstream);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  log(`front on ${url}`);

  return {
    url,
    get instances() {
      return instances.map(({ id, port, pid, startedAt, coldStartMs, requests, state }) => ({
        id,
        port,
        pid,
        startedAt,
        coldStartMs,
        requests,
        state,
      }));
    },
    retire(id) {
      const instance = instances.find((i) => i.id === id);
      if (instance) throwAway(instance, 'retired');
    },
    retireAll() {
      for (const instance of live()) throwAway(instance, 'retired');
    },
    logOf(id) {
      return instances.find((i) => i.id === id)?.lines.join('\n') ?? '';
    },
    async stop() {
      for (const instance of live()) throwAway(instance, 'platform stopping');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      const until = Date.now() + 5_000;
      while (instances.some((i) => !i.exited) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 50));
      for (const instance of instances) if (fs.existsSync(instance.dataDir)) removeFolder(instance.dataDir);
    },
  };
}
