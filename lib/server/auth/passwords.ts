import 'server-only';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { AppError } from '@/lib/server/http/app-error';

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

/*
 * One hash costs a core about a fifth of a second, so a burst of logins or sign-ups with made-up e-mails
 * could keep every core busy and stall the whole site. Hashing is therefore capped per process: at most
 * `concurrency` hashes run at once (one per core of the 2-core server), at most `queue` more wait, none
 * longer than `waitMs`. Anything beyond is refused with a 503 and Retry-After rather than piling up.
 */
export const hashingLimits = { concurrency: 2, queue: 16, waitMs: 2_000 };
const busyRetryAfterSeconds = 2;

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

let limits = { ...hashingLimits };
let running = 0;
let peakRunning = 0;
let completed = 0;
const waiting: Waiter[] = [];

function busy(): AppError {
  return new AppError('unavailable', 'The server is busy right now. Please try again in a few seconds.', {
    retryAfter: busyRetryAfterSeconds,
  });
}

function started(): void {
  running += 1;
  peakRunning = Math.max(peakRunning, running);
}

function acquire(): Promise<void> {
  if (running < limits.concurrency) {
    started();
    return Promise.resolve();
  }
  if (waiting.length >= limits.queue || limits.waitMs <= 0) return Promise.reject(busy());
  return new Promise<void>((resolve, reject) => {
    const waiter: Waiter = {
      start: () => {
        clearTimeout(waiter.timer);
        started();
        resolve();
      },
      timer: setTimeout(() => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        reject(busy());
      }, limits.waitMs),
    };
    waiting.push(waiter);
  });
}

function release(): void {
  running -= 1;
  completed += 1;
  while (running < limits.concurrency && waiting.length > 0) waiting.shift()!.start();
}

/** Runs one scrypt call under the per-process cap; throws a 503 AppError when the server is too busy. */
async function limitedScrypt(
  password: string,
  salt: Buffer,
  length: number,
  options: crypto.ScryptOptions,
): Promise<Buffer> {
  await acquire();
  try {
    return await scrypt(password, salt, length, options);
  } finally {
    release();
  }
}

/** How much hashing this process is doing (for tests and diagnostics). */
export function passwordHashingStats(): {
  running: number;
  waiting: number;
  peakRunning: number;
  completed: number;
} {
  return { running, waiting: waiting.length, peakRunning, completed };
}

/** Tests narrow the cap (or restore it with no argument) and reset the peak. */
export function setHashingLimitsForTests(next?: Partial<typeof hashingLimits>): void {
  limits = { ...hashingLimits, ...next };
  peakRunning = running;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await limitedScrypt(password.normalize('NFKC'), salt, keyLength, {
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
  const actual = await limitedScrypt(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 256 * 1024 * 1024,
    },
  );
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of nothing, compared against when an e-mail is unknown so that answer takes as long as a real one. */
let decoy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword(crypto.randomBytes(8).toString('hex')).catch((error: unknown) => {
    // Refused while the server was busy: make it again next time rather than keep the failure.
    decoy = undefined;
    throw error;
  });
  await verifyPassword(password, await decoy);
}
