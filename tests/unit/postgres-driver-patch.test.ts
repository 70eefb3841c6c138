import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { mend, mendPoolState } from '../../scripts/patch-postgres-driver.mjs';

const driver = path.resolve('node_modules/postgres');
const builds = ['src', 'cjs/src', 'cf/src'].map((dir) => path.join(driver, dir, 'connection.js'));
const marker = "festival-site: a transaction's BEGIN always reserves the connection it was written to.";

describe('the postgres.js mend (scripts/patch-postgres-driver.mjs)', () => {
  it('is applied to every build of the installed driver', () => {
    for (const file of builds) {
      expect(fs.readFileSync(file, 'utf8'), file).toContain(marker);
    }
  });

  it('reserves the connection whenever a BEGIN is written, full pipeline or not', () => {
    const before = [
      '      return write(toBuffer(q))',
      '        && !q.describeFirst',
      '        && !q.cursorFn',
      '        && sent.length < max_pipeline',
      '        && (!q.options.onexecute || q.options.onexecute(connection))',
    ].join('\n');
    const after = mend(`function execute(q) {\n${before}\n}`) as string;
    expect(after).toContain(marker);
    expect(after).toContain('return q.options.onexecute(connection), false');
    expect(after).not.toContain('&& (!q.options.onexecute');
    // Once mended, running again changes nothing.
    expect(mend(after)).toBe(after);
  });

  it("adds the pool's state to every build, and counts the statements that wait", () => {
    for (const dir of ['src', 'cjs/src', 'cf/src']) {
      const source = fs.readFileSync(path.join(driver, dir, 'index.js'), 'utf8');
      expect(source, dir).toContain('poolState: () => ({ max: options.max');
      expect(source, dir).toContain(': (waits++, queries.push(query))');
      expect(mendPoolState(source), dir).toBe(source);
    }
    expect(mendPoolState('function Postgres() {}')).toBeNull();
  });

  it('refuses a driver whose line it does not know', () => {
    expect(mend('function execute(q) { return write(toBuffer(q)) }')).toBeNull();
  });

  it('is pinned to the version it was written for', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const installed = JSON.parse(fs.readFileSync(path.join(driver, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(pkg.dependencies.postgres).toBe('3.4.9');
    expect(installed.version).toBe('3.4.9');
  });
});
