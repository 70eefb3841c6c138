import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  normalisePassCode,
  passCode,
  passQrPayload,
  passQrPrefix,
  verifyPassCode,
} from '@/lib/server/passes/pass-code';

const key = 'unit-test-pass-key';
const id = '3f2b8c1e-9a4d-4e7f-8b21-6c0d5e4f3a2b';

/** Changes one character of a code to another character of the alphabet. */
function swapCharacter(code: string, index: number): string {
  const chars = code.split('');
  chars[index] = chars[index] === 'A' ? 'B' : 'A';
  return chars.join('');
}

describe('festival pass codes', () => {
  it('writes 8 groups of 5 characters from the Crockford alphabet (no I, L, O or U)', () => {
    const code = passCode(id, key);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){7}$/);
  });

  it('reads its own code back as the pass id, and the QR payload too', () => {
    expect(verifyPassCode(passCode(id, key), key)).toBe(id);
    const qr = passQrPayload(id, key);
    expect(qr.startsWith(passQrPrefix)).toBe(true);
    expect(qr.slice(passQrPrefix.length)).toBe(passCode(id, key).replace(/-/g, ''));
    expect(verifyPassCode(qr, key)).toBe(id);
  });

  it('ignores case, dashes and spaces, and reads O as 0 and I or L as 1', () => {
    const code = passCode(id, key);
    expect(verifyPassCode(code.toLowerCase(), key)).toBe(id);
    expect(verifyPassCode(`  ${code.replace(/-/g, ' ')}  `, key)).toBe(id);
    expect(verifyPassCode(code.replace(/-/g, ''), key)).toBe(id);
    expect(verifyPassCode(code.replace(/-/g, '').replace(/(.{4})/g, '$1-'), key)).toBe(id);
    const confusable = code.replace(/0/g, 'o').replace(/1/g, 'l');
    expect(verifyPassCode(confusable, key)).toBe(id);
    expect(normalisePassCode('ab-cd Ef-oIl')).toBe('ABCDEF011');
  });

  it('gives different passes different codes', () => {
    expect(passCode(crypto.randomUUID(), key)).not.toBe(passCode(crypto.randomUUID(), key));
  });

  it('refuses a code signed with another key', () => {
    expect(verifyPassCode(passCode(id, 'another key'), key)).toBeNull();
  });

  it('refuses any single changed character, in the id part or in the signature part', () => {
    const raw = passCode(id, key).replace(/-/g, '');
    for (const index of [0, 10, 25, 26, 30, 39]) {
      expect(verifyPassCode(swapCharacter(raw, index), key), `character ${index}`).toBeNull();
    }
  });

  it('refuses a made-up id with a guessed signature', () => {
    const forged = crypto.randomBytes(25);
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    let text = '';
    for (let i = 0; i < 40; i += 1) text += alphabet[forged[i % 25]! % 32];
    expect(verifyPassCode(text, key)).toBeNull();
  });

  it('refuses malformed input: too short, too long, foreign characters, empty, absurdly long', () => {
    const raw = passCode(id, key).replace(/-/g, '');
    expect(verifyPassCode(raw.slice(0, 39), key)).toBeNull();
    expect(verifyPassCode(`${raw}0`, key)).toBeNull();
    expect(verifyPassCode(`${raw.slice(0, 39)}U`, key)).toBeNull();
    expect(verifyPassCode(`${raw.slice(0, 39)}*`, key)).toBeNull();
    expect(verifyPassCode('', key)).toBeNull();
    expect(verifyPassCode('A'.repeat(5000), key)).toBeNull();
    expect(verifyPassCode(id, key)).toBeNull();
  });

  it('refuses an id that is not a UUID when writing a code', () => {
    expect(() => passCode('not-a-uuid', key)).toThrow();
  });
});
