// npm run test:container [-- --no-write]: builds the Dockerfile as an organiser would (`podman build .`
// from the checkout: npm ci, next build, the standalone server) and runs the image the way the checks of
// docs/deploy.md "(d) A container image" describe, then says what passed.
//
// No image registry is reachable here, so the Dockerfile's base image (node:22-bookworm-slim) is a local
// stand-in made from Debian's debootstrap and the official Node binary (scripts/container-base-image.ts,
// cached between runs). Podman runs as root with the committed deploy/podman/containers.conf and a storage
// of its own under /tmp, removed at the end with every container and volume in it.
//
// The image runs read-only (`--read-only`, and no writable /tmp either) with a named volume for DATA_DIR,
// on the host's network so that it reaches the PostgreSQL of TEST_DATABASE_URL (on 127.0.0.1), against a
// scratch database there, as a preview (PREVIEW=true). Checked: /api/ready; the home page and a public read
// API (served again from the route cache, which lives in PostgreSQL, not on the read-only disk); a sign-up
// through the API (code from the preview's code screen API, verify, log in, the signed-in details); the
// server runs as the image's non-root user; nothing outside DATA_DIR can be written and the app never
// tried; `podman healthcheck run` says healthy; `podman stop` ends it in seconds by SIGTERM, with `--init`
// and without (as Kubernetes runs it). The image's size and the timings go to docs/performance.md
// (section "container") unless --no-write.
//
// Needs root, podman, runc and debootstrap (apt-get install podman runc debootstrap), and network access to
// Debian's mirror and the npm registry. Without them it fails in CI (CI=true) and is skipped elsewhere,
// saying what is missing. Ports 28101 and 28102. CONTAINER_TEST_KEEP=1 keeps the podman storage afterwards
// (the path is printed: podman --root <path>/storage --runroot <path>/runroot …) to look into a failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ChildProcess } from 'node:child_process';
import { festivalTitle } from '../lib/festival';
import { gitCommit } from './bench-context';
import { portInUse, waitForHealthy } from './cluster-lib';
import { importBaseImage, dockerfileBase } from './container-base-image';
import { findTool } from './find-tool';
import { writeSection } from './performance-doc';
import { podmanIn } from './podman';
import { createScratchDatabase, dropStaleDatabases, type ScratchDatabase } from './scratch-database';

const tool = 'test:container';
const write = !process.argv.slice(2).includes('--no-write');
const ports = { withInit: 28101, withoutInit: 28102 };
const image = 'localhost/festival-site:test';
const databasePrefix = 'festival_container_';
/** To look into a failure afterwards: the storage (images, stopped containers, their logs) stays. */
const keep = process.env.CONTAINER_TEST_KEEP === '1';
const log = (line: string) => console.log(`[${tool}] ${line}`);

function missing(): string | null {
  if (process.getuid?.() !== 0) return 'podman runs its containers as root here: run as root';
  for (const [name, args] of [
    ['podman', ['--version']],
    ['runc', ['--version']],
    ['debootstrap', ['--version']],
  ] as const) {
    if (!findTool([name, `/usr/sbin/${name}`], [...args])) {
      return `${name} is not installed (apt-get install podman runc debootstrap)`;
    }
  }
  if (!process.env.TEST_DATABASE_URL)
    return 'TEST_DATABASE_URL must name a PostgreSQL server on this machine';
  return null;
}

const why = missing();
if (why) {
  if (process.env.CI === 'true') {
    console.error(`${tool}: ${why}`);
    process.exit(1);
  }
  console.warn(`${tool}: skipped: ${why}`);
  process.exit(0);
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-podman-'));
const podman = podmanIn(storage);
const serverUrl = process.env.TEST_DATABASE_URL!;
let database: ScratchDatabase | null = null;

/** One cleanup for a normal end, a failure and Ctrl-C alike. */
let cleaning: Promise<void> | null = null;
const cleanUp = () =>
  (cleaning ??= (async () => {
    if (keep) log(`kept the containers, images and volumes in ${storage} (CONTAINER_TEST_KEEP)`);
    else podman.destroy();
    await database
      ?.drop()
      .catch((error: unknown) => console.error(`${tool}: could not drop the database:`, error));
  })());
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    console.error(`${tool}: ${sig}: removing the containers and the storage`);
    void cleanUp().finally(() => process.exit(1));
  });
}

interface Outcome {
  name: string;
  ok: boolean;
  detail: string;
}
const outcomes: Outcome[] = [];

/** Runs one check: it returns what it saw, or throws saying what failed. Later checks run either way. */
async function check(name: string, body: () => Promise<string> | string): Promise<void> {
  try {
    const detail = await body();
    outcomes.push({ name, ok: true, detail });
    log(`ok: ${name}: ${detail}`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    outcomes.push({ name, ok: false, detail });
    console.error(`[${tool}] FAILED: ${name}: ${detail}`);
  }
}

function expectThat(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** A container of the image, attached (its output is kept and shown), on the host's network. */
interface Running {
  name: string;
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function startContainer(name: string, port: number, extra: string[], env: Record<string, string>): Running {
  const envArgs = Object.entries({ ...env, PORT: String(port) }).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
  const child = podman.start([
    'run',
    '--name',
    name,
    '--read-only',
    // Podman mounts a writable /tmp, /run and /var/tmp into a read-only container unless told not to.
    '--read-only-tmpfs=false',
    '--network',
    'host',
    ...extra,
    ...envArgs,
    image,
  ]);
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      output += chunk;
      for (const line of chunk.trimEnd().split('\n')) console.log(`[${name}] ${line}`);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, port, child, output: () => output, exited };
}

/** `podman stop` (SIGTERM, SIGKILL after 10 s): how long it took and how the container's process ended. */
async function stopContainer(running: Running): Promise<{ ms: number; exitCode: number }> {
  const started = performance.now();
  podman.output(['stop', '--time', '10', running.name]);
  const ms = performance.now() - started;
  await running.exited;
  const exitCode = Number(podman.output(['inspect', '--format', '{{.State.ExitCode}}', running.name]));
  return { ms, exitCode };
}

/** The stop checks: quick, and ended by the server's own SIGTERM handler (exit 143), not SIGKILL (137). */
function expectQuickStop(stop: { ms: number; exitCode: number }): string {
  expectThat(stop.exitCode === 143, `exit code ${stop.exitCode}, expected 143 (ended by SIGTERM)`);
  expectThat(stop.ms < 5_000, `podman stop took ${seconds(stop.ms)} s (SIGKILL comes after 10 s)`);
  return `${seconds(stop.ms)} s, exit code 143 (SIGTERM)`;
}

/** An API answer: `{ message, data }` (and `token` from log-in), or the text of anything else. */
interface Answer {
  status: number;
  body: { data?: unknown; token?: unknown } | undefined;
  headers: Headers;
  text: string;
}

async function getJson(url: string, init: RequestInit = {}): Promise<Answer> {
  const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await answer.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    // not JSON: the text says what came instead
  }
  return { status: answer.status, body, headers: answer.headers, text };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  getJson(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Registers, reads the code as the preview's code screen does, verifies, logs in, reads own details. */
async function signUp(base: string): Promise<string> {
  const email = `container.${Date.now()}@example.com`;
  const registered = await post(`${base}/api/register`, {
    first_name: 'Ada',
    last_name: 'Container',
    phone_number: '9876543210',
    DOB: '2000-03-05',
    gender: 'female',
    Clg: 'Sabarmati Institute of Design',
    email,
    password: 'secret12',
  });
  expectThat(registered.status === 201, `register answered ${registered.status}: ${registered.text}`);
  const cookie = registered.headers.get('set-cookie')?.split(';')[0];
  expectThat(Boolean(cookie), 'register set no cookie for the preview code screen');
  const preview = await getJson(`${base}/api/preview-code?email=${encodeURIComponent(email)}`, {
    headers: { cookie: cookie! },
  });
  const code = (preview.body?.data as { code?: string | null } | undefined)?.code;
  expectThat(
    preview.status === 200 && /^\d{6}$/.test(code ?? ''),
    `no code on the code screen: ${preview.text}`,
  );
  const verified = await post(`${base}/api/validate-otp`, { email, otp: code });
  expectThat(verified.status === 200, `validate-otp answered ${verified.status}: ${verified.text}`);
  const login = await post(`${base}/api/login`, { email, password: 'secret12' });
  const token = login.body?.token as string | undefined;
  expectThat(login.status === 200 && Boolean(token), `login answered ${login.status}: ${login.text}`);
  const details = await getJson(`${base}/api/my-details`, { headers: { authorization: `Bearer ${token}` } });
  expectThat(
    details.status === 200 && details.text.includes(email),
    `my-details answered ${details.status}: ${details.text}`,
  );
  return `${email} registered (201), code ${code} from /api/preview-code, verified, logged in, /api/my-details 200`;
}

/** Tries to create a file in `folder` inside the container as `user`; answers the shell's error or ''. */
function writeError(name: string, folder: string, user?: string): string {
  const probe = path.posix.join(folder, '.write-probe');
  const result = podman.run([
    'exec',
    ...(user ? ['--user', user] : []),
    name,
    'sh',
    '-c',
    `touch ${probe} && rm ${probe}`,
  ]);
  return result.status === 0 ? '' : result.stderr.trim() || `exit code ${result.status}`;
}

async function main(): Promise<void> {
  for (const port of Object.values(ports)) {
    if (await portInUse(port)) throw new Error(`Port ${port} is already in use.`);
  }
  const runStarted = performance.now();

  let started = performance.now();
  const node = importBaseImage(podman, dockerfile, log);
  const baseMs = performance.now() - started;

  log(`podman build --pull=never --format docker -t ${image} . (npm ci and next build inside: minutes)`);
  started = performance.now();
  // --format docker: the OCI format has no HEALTHCHECK and podman would drop it.
  const built = podman.shown(['build', '--pull=never', '--format', 'docker', '--tag', image, '.'], {
    nice: true,
  });
  if (built !== 0) throw new Error(`podman build failed (exit code ${built})`);
  const buildMs = performance.now() - started;

  const sizeOf = (name: string) => Number(podman.output(['image', 'inspect', '--format', '{{.Size}}', name]));
  const imageBytes = sizeOf(image);
  const baseBytes = sizeOf(dockerfileBase(dockerfile).image);
  log(`image ${image}: ${mb(imageBytes)} (the base, Debian and Node ${node}: ${mb(baseBytes)})`);

  await dropStaleDatabases(serverUrl, databasePrefix);
  database = await createScratchDatabase(serverUrl, databasePrefix);
  const env = {
    DATABASE_URL: database.url,
    PREVIEW: 'true',
    JWT_SECRET: `container-${Math.random().toString(36).slice(2)}-${Date.now()}-secret`,
    LOG_LEVEL: 'warn',
  };
  const volume = `festival-data-${path.basename(storage)}`;
  const base = `http://127.0.0.1:${ports.withInit}`;

  started = performance.now();
  const main = startContainer(
    'festival-init',
    ports.withInit,
    ['--init', '--volume', `${volume}:/data`],
    env,
  );
  await waitForHealthy(`${base}/api/ready`, 180_000, main.child);
  const readyMs = performance.now() - started;
  log(`/api/ready 200 after ${seconds(readyMs)} s (migrating and seeding the scratch database)`);

  await check('the home page', async () => {
    const home = await fetch(`${base}/`, { signal: AbortSignal.timeout(15_000) });
    const html = await home.text();
    expectThat(home.status === 200, `/ answered ${home.status}`);
    expectThat(html.includes(festivalTitle), `/ does not name "${festivalTitle}"`);
    return `200, names "${festivalTitle}", ${Math.round(html.length / 1024)} KB`;
  });

  await check('a public read API, again from the route cache', async () => {
    const url = `${base}/api/admin/event-category/get-event-category`;
    const first = await getJson(url);
    const second = await getJson(url);
    const categories = Array.isArray(first.body?.data) ? first.body.data : [];
    expectThat(first.status === 200 && categories.length > 0, `answered ${first.status}: ${first.text}`);
    const cache = second.headers.get('x-nextjs-cache');
    expectThat(cache === 'HIT', `the second answer was not from the route cache (x-nextjs-cache: ${cache})`);
    return `200, ${categories.length} seeded categories; the second answer x-nextjs-cache: HIT`;
  });

  await check('a sign-up through the API', () => signUp(base));

  await check('the server listens on every interface (HOSTNAME=0.0.0.0)', async () => {
    const address = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    expectThat(Boolean(address), 'this machine has no address but loopback to try');
    const answer = await getJson(`http://${address}:${ports.withInit}/api/health`);
    expectThat(
      answer.status === 200,
      `http://${address}:${ports.withInit}/api/health answered ${answer.status}`,
    );
    return `/api/health 200 on ${address} as well as on 127.0.0.1`;
  });

  await check('the server runs as the non-root user', () => {
    const table = podman.output(['top', main.name, 'user', 'args']);
    const server = table
      .split('\n')
      .find((line) => /node\s+server\.js/.test(line) && !line.includes('catatonit'));
    expectThat(Boolean(server), `no node server.js in podman top:\n${table}`);
    const user = server!.trim().split(/\s+/)[0];
    expectThat(user === 'festival', `node server.js runs as ${user}, expected festival`);
    return `node server.js runs as ${user}`;
  });

  await check('nothing outside DATA_DIR can be written', () => {
    for (const folder of ['/app', '/app/.next', '/', '/tmp', '/var/tmp']) {
      const refusal = writeError(main.name, folder);
      expectThat(refusal !== '', `the server's user could write into ${folder}`);
    }
    const asRoot = writeError(main.name, '/app', 'root');
    expectThat(/read-only file system/i.test(asRoot), `root could write into /app (${asRoot || 'no error'})`);
    const data = writeError(main.name, '/data');
    expectThat(data === '', `DATA_DIR (/data) is not writable: ${data}`);
    const leaks = main.output().match(/.*(EROFS|EACCES|read-only file system).*/gi);
    expectThat(!leaks, `the server tried to write outside DATA_DIR:\n${leaks?.join('\n')}`);
    return '/app, /app/.next, /, /tmp, /var/tmp refused (root too: read-only file system); /data writable; no write error in the log';
  });

  await check('podman healthcheck run', () => {
    const result = podman.run(['healthcheck', 'run', main.name]);
    expectThat(result.status === 0, `exit code ${result.status}: ${result.stdout}${result.stderr}`);
    const status = podman.output(['inspect', '--format', '{{.State.Health.Status}}', main.name]);
    expectThat(status === 'healthy', `health status ${status}`);
    return 'healthy (GET /api/health from inside the container)';
  });

  let stopWithInit = { ms: Number.NaN, exitCode: -1 };
  await check('podman stop with --init', async () =>
    expectQuickStop((stopWithInit = await stopContainer(main))),
  );

  // As Kubernetes and most platforms run it: no init process, node is PID 1.
  let stopWithoutInit = { ms: Number.NaN, exitCode: -1 };
  await check('podman stop without --init (node as PID 1)', async () => {
    const plain = startContainer('festival-pid1', ports.withoutInit, ['--volume', `${volume}:/data`], env);
    await waitForHealthy(`http://127.0.0.1:${ports.withoutInit}/api/ready`, 120_000, plain.child);
    return expectQuickStop((stopWithoutInit = await stopContainer(plain)));
  });

  const totalMs = performance.now() - runStarted;
  const failed = outcomes.filter((o) => !o.ok);
  log(
    `image ${mb(imageBytes)}; build ${seconds(buildMs)} s; base ${seconds(baseMs)} s; whole run ${seconds(totalMs)} s`,
  );
  if (failed.length > 0) {
    throw new Error(
      `${failed.length} of ${outcomes.length} checks failed: ${failed.map((o) => o.name).join(', ')}`,
    );
  }
  if (write) {
    const cpus = os.cpus();
    writeSection(
      'container',
      [
        '## The container image (`npm run test:container`)',
        '',
        `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} CPU core(s), commit ${gitCommit()}: the Dockerfile built with podman ${podman.output(['version', '--format', '{{.Client.Version}}'])} (\`--format docker\`) on a local stand-in for its base image (Debian bookworm from debootstrap's minimal variant, trimmed as the slim image is, with Node ${node}), run \`--read-only\` as a preview against PostgreSQL.`,
        '',
        '| Figure | Value |',
        '| --- | --- |',
        `| Image size | ${mb(imageBytes)} (the base image ${mb(baseBytes)}, the site's layers ${mb(imageBytes - baseBytes)}) |`,
        `| Build from a checkout without cached layers (\`npm ci\`, \`next build\`, the runner) | ${seconds(buildMs)} s |`,
        `| Start to \`/api/ready\` 200 on an empty database (migrated and seeded) | ${seconds(readyMs)} s |`,
        `| \`podman stop\` with \`--init\` | ${seconds(stopWithInit.ms)} s, exit code ${stopWithInit.exitCode} |`,
        `| \`podman stop\` without \`--init\` (node as PID 1) | ${seconds(stopWithoutInit.ms)} s, exit code ${stopWithoutInit.exitCode} |`,
        `| The whole test (base image ${baseMs > 60_000 ? 'made' : 'from its cache'} in ${seconds(baseMs)} s) | ${seconds(totalMs)} s |`,
        '',
        'Checked on the running image:',
        '',
        ...outcomes.map((o) => `- ${o.name}: ${o.detail}.`),
      ].join('\n'),
    );
    log('docs/performance.md: section "container" written');
  }
  log(`all ${outcomes.length} checks passed`);
}

try {
  await main();
} catch (error) {
  console.error(`${tool}: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
