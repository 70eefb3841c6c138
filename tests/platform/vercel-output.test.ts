import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { config as proxyConfig } from '@/proxy';
import { compiledCacheHandler } from '../../scripts/build-cache-handler';
import {
  functionSize,
  listFunctions,
  megabytes,
  middlewarePaths,
  nodeRuntime,
  platformMajorFor,
  readOutputConfig,
} from '../../scripts/platform-output';

/*
 * What the hosting platform's own build wrote (`npm run build:vercel`, the pinned Vercel CLI's
 * `vercel build`, offline): the output the platform would deploy. Without .vercel/output this file is
 * skipped, saying so, except in CI (CI=true), where the build runs first and a missing output fails.
 */
const root = path.resolve('.');
const outputDir = path.join(root, '.vercel', 'output');
const built = fs.existsSync(path.join(outputDir, 'config.json'));
/** The platform's limit on a function's size, unzipped (Vercel's Node functions: 250 MB). */
const functionLimit = 250 * 1024 * 1024;

if (!built && process.env.CI === 'true') {
  describe('the platform build', () => {
    it('has written .vercel/output', () => {
      expect.fail('.vercel/output is missing: run `npm run build:vercel` before these tests');
    });
  });
} else if (!built) {
  console.warn(
    'tests/platform/vercel-output.test.ts: skipped: no .vercel/output (run `npm run build:vercel`)',
  );
}

describe.skipIf(!built)('the platform build (.vercel/output)', () => {
  const config = built ? readOutputConfig(outputDir) : { version: 0 };
  const functions = built ? listFunctions(outputDir) : [];
  const byRoute = new Map(functions.map((fn) => [fn.route, fn]));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  const major = platformMajorFor(pkg.engines.node);

  it('carries every cron of vercel.json', () => {
    const { crons } = JSON.parse(fs.readFileSync(path.join(root, 'vercel.json'), 'utf8')) as {
      crons: { path: string; schedule: string }[];
    };
    expect(crons.length).toBeGreaterThan(0);
    expect(config.crons ?? []).toEqual(expect.arrayContaining(crons));
  });

  it('serves each cron path with a function', () => {
    for (const cron of config.crons ?? []) {
      const fn = byRoute.get(cron.path.replace(/^\//, ''));
      expect(fn, `no function for the cron ${cron.path}`).toBeDefined();
      expect(fn!.config.runtime).toMatch(/^nodejs\d+\.x$/);
    }
  });

  it("runs every function on the Node major package.json's engines pin", () => {
    expect(
      major,
      `engines.node "${pkg.engines.node}" admits no Node major the platform offers`,
    ).not.toBeNull();
    expect(functions.length).toBeGreaterThan(0);
    const wrong = functions
      .filter((fn) => fn.config.runtime !== nodeRuntime(major!))
      .map((fn) => `${fn.route}: ${fn.config.runtime}`);
    expect(wrong, `functions not on ${nodeRuntime(major!)}`).toEqual([]);
  });

  it("keeps every function under the platform's size limit, unzipped", () => {
    // Functions sharing one bundle are links to one folder: each bundle is measured once.
    const bundles = new Map(functions.map((fn) => [fs.realpathSync(fn.dir), fn]));
    const functionsDir = fs.realpathSync(path.join(outputDir, 'functions'));
    const sizes = [...bundles]
      .map(([real, fn]) => ({ route: path.relative(functionsDir, real), bytes: functionSize(fn, root) }))
      .sort((a, b) => b.bytes - a.bytes);
    const largest = sizes[0]!;
    console.log(
      `vercel output: ${functions.length} functions in ${sizes.length} bundles; the largest, ` +
        `${largest.route}, is ${megabytes(largest.bytes)} of ${megabytes(functionLimit)}`,
    );
    const over = sizes
      .filter((size) => size.bytes > functionLimit)
      .map((s) => `${s.route}: ${megabytes(s.bytes)}`);
    expect(over).toEqual([]);
  });

  it('runs the proxy (middleware) as a function in front of the paths it guards', () => {
    expect(middlewarePaths(config)).toEqual(['/_middleware']);
    const middleware = byRoute.get('_middleware');
    expect(middleware, 'no _middleware function').toBeDefined();
    expect(middleware!.config.runtime).toBe(nodeRuntime(major!));
    const guarded = (config.routes ?? []).flatMap((route) => route.middlewareRawSrc ?? []);
    expect(guarded.sort()).toEqual([...proxyConfig.matcher].sort());
  });

  it('gives every function the compiled cache handler next.config.ts names', () => {
    const handler = path.relative(root, compiledCacheHandler);
    const without = functions
      .filter((fn) => !Object.values(fn.config.filePathMap ?? {}).includes(handler))
      .map((fn) => fn.route);
    expect(without).toEqual([]);
  });
});
