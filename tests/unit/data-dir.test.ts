import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireWritableDataDir } from '@/lib/server/data-dir';

describe('DATA_DIR at start-up', () => {
  it('creates a missing folder and leaves nothing behind', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-data-'));
    const dataDir = path.join(root, 'nested', 'data');
    requireWritableDataDir(dataDir);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses a path that is not a writable folder, naming DATA_DIR, the path and the cause', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-data-'));
    const file = path.join(root, 'data');
    fs.writeFileSync(file, 'x');
    expect(() => requireWritableDataDir(file)).toThrow(
      `DATA_DIR (${file}) is not a writable folder (EEXIST): set DATA_DIR to a folder this server's user can write.`,
    );
    fs.rmSync(root, { recursive: true, force: true });
  });
});
