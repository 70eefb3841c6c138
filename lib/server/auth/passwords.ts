import 'server-only';
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt at one of OWASP's recommended settings (N=2^14, r=8, p=5: 16 MiB per hash), chosen over
 * N=2^17/p=1 because it costs the same CPU with an eighth of the memory per concurrent login.
 * Stored as `scrypt$N$r$p$salt$hash` so the parameters can be raised later without breaking old hashes.
 */
const params = { N: 2 ** 14, r: 8, p: 5 };
const keyLength = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, keyLength, {
    ...params,
    maxmem: 64 * 1024 * 1024,
  });
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of nothing, compared against when an e-mail is unknown so that answer takes as long as a real one. */
let decoy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword(crypto.randomBytes(8).toString('hex'));
  await verifyPassword(password, await decoy);
}
