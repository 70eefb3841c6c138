import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  functionSize,
  listFunctions,
  middlewarePaths,
  nodeRuntime,
  nvmrcMajor,
  platformMajorFor,
  settingMajor,
  unzippedSize,
} from '../../scripts/platform-output';

describe('the Node major the platform picks from engines.node', () => {
  it.each([
    ['>=20.9.0 <23', 22],
    ['>=20.9.0 <25', 24],
    ['>=20.9.0', 24],
    ['22.x', 22],
    ['^22.11.0', 22],
  ])('%s runs on Node %i', (range, major) => {
    expect(platformMajorFor(range)).toBe(major);
  });

  it('is none for a range of discontinued majors only', () => {
    expect(platformMajorFor('20.x')).toBeNull();
    expect(platformMajorFor('>=20.9.0 <21')).toBeNull();
  });

  it('refuses what is not a range', () => {
    expect(() => platformMajorFor('twenty-two')).toThrow(/not a semver range/);
  });
});

describe('the Node version files', () => {
  it.each([
    ['22\n', 22],
    ['v22', 22],
    ['22.11.0', 22],
    [' 24.1 ', 24],
  ])('.nvmrc %j is Node %i', (text, major) => {
    expect(nvmrcMajor(text)).toBe(major);
  });

  it('refuses an .nvmrc alias, which pins nothing', () => {
    expect(() => nvmrcMajor('lts/*')).toThrow(/not a Node version/);
    expect(() => nvmrcMajor('node')).toThrow(/not a Node version/);
  });

  it('reads a project setting of the form NN.x only', () => {
    expect(settingMajor('22.x')).toBe(22);
    expect(() => settingMajor('22')).toThrow(/NN\.x/);
  });

  it('names the runtime of a major as the platform does', () => {
    expect(nodeRuntime(22)).toBe('nodejs22.x');
  });
});

/** The project pins one Node major, and every file that names one agrees with what the platform picks. */
describe("the project's Node version", () => {
  const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8');
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const project = JSON.parse(read('.vercel/project.json')) as { settings: { nodeVersion: string } };

  it('is one major the platform offers, named alike by engines, .nvmrc and the local project file', () => {
    const major = platformMajorFor(engines);
    expect(major).not.toBeNull();
    expect(nvmrcMajor(read('.nvmrc'))).toBe(major);
    expect(settingMajor(project.settings.nodeVersion)).toBe(major);
  });

  it("still admits this project's oldest supported Node for development (20.9)", () => {
    // Next.js 16 needs 20.9; the platform's major is chosen by the range's upper end.
    expect(platformMajorFor(engines, [20])).toBe(20);
  });
});

describe('reading a build output folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-output-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const output = path.join(dir, 'output');
  const functionsDir = path.join(output, 'functions');
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  const vcConfig = (extra: object = {}) =>
    JSON.stringify({ runtime: 'nodejs22.x', handler: 'index.js', ...extra });

  // A real function with a 1000-byte file and a link to a 5000-byte shared file outside it, a second
  // route linked to that same function, a middleware carrying a project file by reference, and a folder
  // linked back to its own parent (a cycle).
  const shared = path.join(dir, 'shared.bin');
  write(shared, Buffer.alloc(5000));
  const apiA = path.join(functionsDir, 'api', 'a.func');
  const configA = vcConfig();
  write(path.join(apiA, '.vc-config.json'), configA);
  write(path.join(apiA, 'index.js'), Buffer.alloc(1000));
  fs.symlinkSync(shared, path.join(apiA, 'shared.bin'));
  fs.symlinkSync(apiA, path.join(apiA, 'loop'));
  fs.symlinkSync('a.func', path.join(functionsDir, 'api', 'b.func'));
  const projectRoot = path.join(dir, 'project');
  write(path.join(projectRoot, 'lib', 'handler.mjs'), Buffer.alloc(300));
  const middlewareConfig = vcConfig({ filePathMap: { 'lib/handler.mjs': 'lib/handler.mjs' } });
  write(path.join(functionsDir, '_middleware.func', '.vc-config.json'), middlewareConfig);
  write(path.join(functionsDir, 'api', 'not-a-function', 'x.json'), '{}');

  it('lists every *.func folder, linked ones included, by route', () => {
    const functions = listFunctions(output);
    expect(functions.map((fn) => fn.route)).toEqual(['_middleware', 'api/a', 'api/b']);
    expect(functions.every((fn) => fn.config.runtime === 'nodejs22.x')).toBe(true);
  });

  it('lists nothing for an output without functions', () => {
    expect(listFunctions(path.join(dir, 'nowhere'))).toEqual([]);
  });

  it('counts linked files at their full size and a linked folder once', () => {
    expect(unzippedSize(apiA)).toBe(configA.length + 1000 + 5000);
  });

  it('adds the project files a function carries by reference', () => {
    const middleware = listFunctions(output).find((fn) => fn.route === '_middleware')!;
    expect(functionSize(middleware, projectRoot)).toBe(middlewareConfig.length + 300);
  });

  it('says which referenced file is missing', () => {
    const middleware = listFunctions(output).find((fn) => fn.route === '_middleware')!;
    expect(() => functionSize(middleware, dir)).toThrow(/_middleware: lib\/handler\.mjs .* does not exist/);
  });

  it('finds the middleware the routes hand requests to', () => {
    expect(
      middlewarePaths({
        version: 3,
        routes: [
          { src: '^/profile$', middlewarePath: '/_middleware' },
          { src: '^/admin/.*$', middlewarePath: '/_middleware' },
          { src: '^/$', dest: '/index' },
        ],
      }),
    ).toEqual(['/_middleware']);
    expect(middlewarePaths({ version: 3 })).toEqual([]);
  });
});
