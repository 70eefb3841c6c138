/*
 * The festival pass code's format, without its key: the pass's random id (16 bytes) followed by the first
 * 9 bytes of an HMAC of that id, written as 40 characters of Crockford base32 (8 groups of 5 when typed,
 * behind "AFP1:" in the QR code). Pure and free of Node APIs, so the volunteer's phone can read which
 * pass a scanned code names while offline; only the server, holding the key, can say the code is genuine
 * (lib/server/passes/pass-code.ts).
 */

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const passIdBytes = 16;
export const passMacBytes = 9;
/** 25 bytes encode to exactly 40 characters: no padding. */
export const passCodeLength = ((passIdBytes + passMacBytes) * 8) / 5;
const groupSize = 5;

/** What the QR code carries in front of the code: names the format, so a future version can be told apart. */
export const passQrPrefix = 'AFP1:';

export function encodeBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    // Only the low `bits` bits are still needed; keep the number small.
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += alphabet[(buffer << (5 - bits)) & 31];
  return out;
}

export function decodeBase32(text: string): Uint8Array | null {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = alphabet.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(bytes);
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function uuidToBytes(id: string): Uint8Array {
  const digits = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(digits)) throw new Error('a pass id must be a UUID');
  return Uint8Array.from(digits.match(/../g)!, (pair) => parseInt(pair, 16));
}

export function bytesToUuid(bytes: Uint8Array): string {
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The 40 characters grouped as a person types them: `0F3KD-...`. */
export function groupPassCode(raw: string): string {
  const groups: string[] = [];
  for (let i = 0; i < raw.length; i += groupSize) groups.push(raw.slice(i, i + groupSize));
  return groups.join('-');
}

/**
 * Reads a scanned QR payload or a typed code: case does not matter, spaces and dashes are ignored, and the
 * letters people confuse with digits (O, I, L) read as 0 and 1, as Crockford's alphabet intends.
 */
export function normalisePassCode(input: string): string {
  let text = input.trim().toUpperCase();
  if (text.startsWith(passQrPrefix)) text = text.slice(passQrPrefix.length);
  return text
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/**
 * A code's two parts, its id's and its MAC's bytes, or null when it is not in the format (wrong length, a
 * character outside the alphabet, or stray bits in the last character that this format never writes).
 */
export function splitPassCode(input: string): { id: Uint8Array; mac: Uint8Array } | null {
  if (input.length > 200) return null;
  const text = normalisePassCode(input);
  if (text.length !== passCodeLength) return null;
  const bytes = decodeBase32(text);
  if (!bytes || bytes.length !== passIdBytes + passMacBytes) return null;
  if (encodeBase32(bytes) !== text) return null;
  return { id: bytes.subarray(0, passIdBytes), mac: bytes.subarray(passIdBytes) };
}

/**
 * The pass id a code names, WITHOUT checking its MAC: for recognising a scan on a roster already loaded
 * (offline). Never a proof: the server verifies every code before it records anything.
 */
export function passIdOfCode(input: string): string | null {
  const parts = splitPassCode(input);
  return parts ? bytesToUuid(parts.id) : null;
}
