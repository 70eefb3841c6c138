import crypto from 'node:crypto';
import {
  bytesToUuid,
  encodeBase32,
  groupPassCode,
  passMacBytes,
  passQrPrefix,
  splitPassCode,
  uuidToBytes,
} from '@/lib/pass-code-format';

/*
 * The festival pass code's signature. The format (id and MAC in Crockford base32, the QR's "AFP1:" prefix)
 * lives in lib/pass-code-format.ts, which the browser imports too; this module adds the HMAC-SHA256 of the
 * id under the server's key. QR alphanumeric mode stores upper-case letters, digits and ':' compactly, so
 * the symbol stays small enough to scan from a cracked phone screen.
 *
 * This module is pure (the key is passed in) so the format is unit-tested without a server secret.
 */

export { normalisePassCode, passQrPrefix } from '@/lib/pass-code-format';

/** Domain separation: the MAC input names its purpose and version, not just the id's bytes. */
const macLabel = Buffer.from('aetherfest-pass:v1:', 'utf8');

function mac(key: string | Buffer, id: Uint8Array): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(Buffer.concat([macLabel, id]))
    .digest()
    .subarray(0, passMacBytes);
}

/** The 40 characters of a pass, ungrouped. */
function rawCode(passId: string, key: string | Buffer): string {
  const id = uuidToBytes(passId);
  return encodeBase32(Buffer.concat([id, mac(key, id)]));
}

/** The code a person types: 8 groups of 5, for example `0F3KD-...`. */
export function passCode(passId: string, key: string | Buffer): string {
  return groupPassCode(rawCode(passId, key));
}

/** What the QR code carries. */
export function passQrPayload(passId: string, key: string | Buffer): string {
  return `${passQrPrefix}${rawCode(passId, key)}`;
}

/**
 * The pass id a code stands for, or null when the code is malformed or its signature does not match.
 * Needs no database: a forged or altered code is refused here.
 */
export function verifyPassCode(input: string, key: string | Buffer): string | null {
  const parts = splitPassCode(input);
  if (!parts) return null;
  if (!crypto.timingSafeEqual(Buffer.from(parts.mac), mac(key, parts.id))) return null;
  return bytesToUuid(parts.id);
}
