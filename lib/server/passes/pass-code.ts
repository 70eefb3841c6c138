import crypto from 'node:crypto';

/*
 * The festival pass code: the pass's random id (16 bytes) followed by the first 9 bytes of an HMAC-SHA256
 * of that id, written as 40 characters of Crockford base32 in 8 groups of 5. 25 bytes encode to exactly 40
 * characters, so no padding is needed. The QR carries the same 40 characters behind a short prefix
 * ("AFP1:"); QR alphanumeric mode stores upper-case letters, digits and ':' compactly, so the symbol
 * stays small enough to scan from a cracked phone screen.
 *
 * This module is pure (the key is passed in) so the format is unit-tested without a server secret.
 */

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const idBytes = 16;
const macBytes = 9;
const codeLength = ((idBytes + macBytes) * 8) / 5;
const groupSize = 5;

/** What the QR code carries in front of the code: names the format, so a future version can be told apart. */
export const passQrPrefix = 'AFP1:';

/** Domain separation: the MAC input names its purpose and version, not just the id's bytes. */
const macLabel = Buffer.from('aetherfest-pass:v1:', 'utf8');

function mac(key: string | Buffer, id: Buffer): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(Buffer.concat([macLabel, id]))
    .digest()
    .subarray(0, macBytes);
}

function encodeBase32(bytes: Buffer): string {
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

function decodeBase32(text: string): Buffer | null {
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
  return Buffer.from(bytes);
}

function uuidToBytes(id: string): Buffer {
  const hex = id.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('a pass id must be a UUID');
  return Buffer.from(hex, 'hex');
}

function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The 40 characters of a pass, ungrouped. */
function rawCode(passId: string, key: string | Buffer): string {
  const id = uuidToBytes(passId);
  return encodeBase32(Buffer.concat([id, mac(key, id)]));
}

/** The code a person types: 8 groups of 5, for example `0F3KD-...`. */
export function passCode(passId: string, key: string | Buffer): string {
  const raw = rawCode(passId, key);
  const groups: string[] = [];
  for (let i = 0; i < raw.length; i += groupSize) groups.push(raw.slice(i, i + groupSize));
  return groups.join('-');
}

/** What the QR code carries. */
export function passQrPayload(passId: string, key: string | Buffer): string {
  return `${passQrPrefix}${rawCode(passId, key)}`;
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
 * The pass id a code stands for, or null when the code is malformed or its signature does not match.
 * Needs no database: a forged or altered code is refused here.
 */
export function verifyPassCode(input: string, key: string | Buffer): string | null {
  if (input.length > 200) return null;
  const text = normalisePassCode(input);
  if (text.length !== codeLength) return null;
  const bytes = decodeBase32(text);
  if (!bytes || bytes.length !== idBytes + macBytes) return null;
  // The last character holds bits past the 25th byte only when the code is not one this module wrote.
  if (encodeBase32(bytes) !== text) return null;
  const id = bytes.subarray(0, idBytes);
  const given = bytes.subarray(idBytes);
  if (!crypto.timingSafeEqual(given, mac(key, id))) return null;
  return bytesToUuid(id);
}
