import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passIdOfCode, splitPassCode } from '@/lib/pass-code-format';
import { passCode, passQrPayload, verifyPassCode } from '@/lib/server/passes/pass-code';

const key = 'a test key that is long enough to be a key';

describe('the pass code format, read without the key', () => {
  it('reads the pass id from a typed code and from the QR payload alike', () => {
    const id = crypto.randomUUID();
    expect(passIdOfCode(passCode(id, key))).toBe(id);
    expect(passIdOfCode(passQrPayload(id, key))).toBe(id);
    expect(passIdOfCode(passCode(id, key).toLowerCase().replace(/-/g, ' '))).toBe(id);
  });

  it('reads the id even when the MAC is wrong, which only the server can tell', () => {
    const id = crypto.randomUUID();
    const other = passCode(id, 'another key entirely, also long enough');
    expect(passIdOfCode(other)).toBe(id);
    expect(verifyPassCode(other, key)).toBeNull();
    expect(verifyPassCode(passCode(id, key), key)).toBe(id);
  });

  it('refuses what is not in the format', () => {
    const code = passCode(crypto.randomUUID(), key);
    expect(passIdOfCode('')).toBeNull();
    expect(passIdOfCode(code.slice(0, -1))).toBeNull();
    expect(passIdOfCode(`${code}0`)).toBeNull();
    expect(passIdOfCode(code.replace(/^./, 'U'))).toBeNull(); // U is not in Crockford's alphabet
    expect(passIdOfCode('x'.repeat(500))).toBeNull();
    expect(splitPassCode(code)?.mac).toHaveLength(9);
  });
});
