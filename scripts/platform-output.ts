// Reading what the hosting platform's build wrote (.vercel/output, the Build Output API): its functions,
// their runtime and unzipped size, its routes and crons; and which Node major the project pins, the way
// the platform works it out. tests/platform/vercel-output.test.ts holds the output to these;
// tests/unit/platform-output.test.ts tests the helpers themselves.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/**
 * The Node majors Vercel offers, newest first. Its build takes the first that package.json's
 * `engines.node` range admits (not the newest the range allows: a range with no upper bound gets the newest
 * offered), and refuses a major it has discontinued (20, since October 2026).
 */
export const platformNodeMajors = [24, 22] as const;

/** The major the platform runs for an `engines.node` range, or null when it admits none it offers. */
export function platformMajorFor(
  range: string,
  offered: readonly number[] = platformNodeMajors,
): number | null {
  if (!semver.validRange(range)) throw new Error(`engines.node "${range}" is not a semver range`);
  return offered.find((major) => semver.intersects(range, `${major}.x`)) ?? null;
}

/** The major of a `.nvmrc` ("22", "v22", "22.11.0"); aliases such as `lts/*` pin nothing and are refused. */
export function nvmrcMajor(text: string): number {
  const match = /^v?(\d+)(?:\.\d+){0,2}$/.exec(text.trim());
  if (!match) throw new Error(`.nvmrc says "${text.trim()}", not a Node version`);
  return Number(match[1]);
}

/** The major of a project setting's `nodeVersion` ("22.x"). */
export function settingMajor(nodeVersion: string): number {
  const match = /^(\d+)\.x$/.exec(nodeVersion.trim());
  if (!match) throw new Error(`nodeVersion "${nodeVersion}" is not of the form NN.x`);
  return Number(match[1]);
}

/** The runtime name a Node function of that major carries in its .vc-config.json. */
export const nodeRuntime = (major: number) => `nodejs${major}.x`;

/** What a function's .vc-config.json says (the fields checked here). */
export interface FunctionConfig {
  runtime?: string;
  handler?: string;
  launcherType?: string;
  /** Files of the project the function carries, by their path inside it (a local build's functions list
   * them instead of copying them). */
  filePathMap?: Record<string, string>;
}

export interface PlatformFunction {
  /** The route it serves: its folder under functions/, without `.func` ("api/cron/mail", "_middleware"). */
  route: string;
  dir: string;
  config: FunctionConfig;
}

/**
 * Every function of an output folder: each `*.func` folder under `functions/`, whether a real folder or a
 * symbolic link to another one (the builder links functions that share one bundle).
 */
export function listFunctions(outputDir: string): PlatformFunction[] {
  const root = path.join(outputDir, 'functions');
  const found: PlatformFunction[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (!fs.statSync(full).isDirectory()) continue;
      if (entry.endsWith('.func')) {
        const config = JSON.parse(
          fs.readFileSync(path.join(full, '.vc-config.json'), 'utf8'),
        ) as FunctionConfig;
        const route = path.relative(root, full).slice(0, -'.func'.length).split(path.sep).join('/');
        found.push({ route, dir: full, config });
      } else walk(full);
    }
  };
  if (fs.existsSync(root)) walk(root);
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * The bytes of a folder once unzipped, as the platform measures a function against its limit: symbolic
 * links are followed (a linked shared file is inside the uploaded function all the same), and a folder
 * reached twice through links is counted once, so a link cycle cannot loop.
 */
export function unzippedSize(dir: string, seen = new Set<string>()): number {
  const real = fs.realpathSync(dir);
  if (seen.has(real)) return 0;
  seen.add(real);
  let total = 0;
  for (const entry of fs.readdirSync(dir)) {
    const full = path.join(dir, entry);
    const stat = fs.statSync(full);
    if (stat.isDirectory()) total += unzippedSize(full, seen);
    else total += stat.size;
  }
  return total;
}

/**
 * A function's unzipped size: its own folder, plus the project's files it carries by reference
 * (filePathMap, paths relative to the project's root), each as large as what it points to.
 */
export function functionSize(fn: PlatformFunction, projectRoot: string): number {
  let total = unzippedSize(fn.dir);
  for (const [inside, file] of Object.entries(fn.config.filePathMap ?? {})) {
    const full = path.resolve(projectRoot, file);
    if (!fs.existsSync(full)) throw new Error(`${fn.route}: ${inside} is ${file}, which does not exist`);
    total += fs.statSync(full).size;
  }
  return total;
}

/** The Build Output API's config.json: the fields checked here. */
export interface OutputConfig {
  version: number;
  crons?: { path: string; schedule: string }[];
  routes?: { src?: string; dest?: string; middlewarePath?: string; middlewareRawSrc?: string[] }[];
}

export function readOutputConfig(outputDir: string): OutputConfig {
  return JSON.parse(fs.readFileSync(path.join(outputDir, 'config.json'), 'utf8')) as OutputConfig;
}

/** The functions a route of config.json hands requests to before anything else (the middleware's). */
export function middlewarePaths(config: OutputConfig): string[] {
  return [...new Set((config.routes ?? []).flatMap((route) => route.middlewarePath ?? []))];
}

/** Bytes as megabytes, one decimal (for messages). */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
