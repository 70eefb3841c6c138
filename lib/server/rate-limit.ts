import 'server-only';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { rateLimitCounters } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';

/**
 * Limits kept in the database, so they hold across every server instance:
 * - fixed-window counters: each rule counts one kind of attempt per e-mail or per IP address;
 * - cool-downs: at most one event per key in a given time (one code mail a minute per e-mail);
 * - the login delay: failed logins per (e-mail, IP address) pair, each one past the fifth doubling the wait.
 * Cool-downs and login failures are one row per key whose window_start is the time of the last event.
 */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

export const limits = {
  register: { ip: { limit: 30, windowSeconds: 3600 } },
  login: { ip: { limit: 100, windowSeconds: 900 } },
  otp: { email: { limit: 15, windowSeconds: 900 }, ip: { limit: 100, windowSeconds: 900 } },
  resend: { ip: { limit: 60, windowSeconds: 3600 } },
  /** Sign-ups and code resends together, per e-mail, whether or not an account exists for it. */
  codeMail: { email: { limit: 6, windowSeconds: 3600 } },
  forgot: { email: { limit: 6, windowSeconds: 3600 }, ip: { limit: 60, windowSeconds: 3600 } },
  reset: { email: { limit: 10, windowSeconds: 900 }, ip: { limit: 100, windowSeconds: 900 } },
  /** Certificate look-ups: generous for a person, far too few to enumerate ids. */
  certificateLookup: { ip: { limit: 120, windowSeconds: 600 } },
} satisfies Record<string, Partial<Record<'email' | 'ip', Limit>>>;

export type LimitedAction = keyof typeof limits;

/** Failed logins a pair gets without waiting; after that the n-th failure asks for 2^(n-5) seconds. */
export const loginDelay = { freeFailures: 5, maxDelaySeconds: 15 * 60 };

const dayMs = 86_400_000;

export function retryMessage(seconds: number): string {
  if (seconds < 60)
    return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

async function sweep(db: Db, at: number): Promise<void> {
  // Old rows are useless; sweep them now and then rather than on a schedule. A cool-down or a pair's
  // failures are forgotten a day after their last event.
  if (Math.random() < 0.01) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(at - dayMs)));
  }
}

/** Counts one attempt against `key`; throws a 429 AppError once the window's limit is passed. */
export async function consume(db: Db, key: string, rule: Limit): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const at = now().getTime();
  const windowStart = new Date(Math.floor(at / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  await sweep(db, at);
  if ((row?.count ?? 0) > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - at) / 1000));
    throw new AppError('rate_limited', retryMessage(retryAfter), { retryAfter });
  }
}

/** Applies an action's per-e-mail and per-IP rules. */
export async function limitAttempt(
  db: Db,
  action: LimitedAction,
  who: { email?: string; ip?: string },
): Promise<void> {
  const rules: Partial<Record<'email' | 'ip', Limit>> = limits[action];
  if (rules.email && who.email) await consume(db, `${action}:email:${who.email}`, rules.email);
  if (rules.ip && who.ip) await consume(db, `${action}:ip:${who.ip}`, rules.ip);
}

// ---------- one-row marks: cool-downs and login failures ----------

interface Mark {
  at: Date;
  count: number;
}

async function readMark(db: Db | Tx, key: string): Promise<Mark | undefined> {
  const [row] = await db
    .select({ at: rateLimitCounters.windowStart, count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key))
    .orderBy(desc(rateLimitCounters.windowStart))
    .limit(1);
  return row;
}

/** Replaces the key's mark, under a lock on the key so that two requests cannot both read the old one. */
async function updateMark<T>(
  db: Db,
  key: string,
  next: (current: Mark | undefined, at: Date) => { mark: Mark | null; result: T },
): Promise<T> {
  const at = now();
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const { mark, result } = next(await readMark(tx, key), at);
    if (mark) {
      await tx.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
      await tx.insert(rateLimitCounters).values({ key, windowStart: mark.at, count: mark.count });
    }
    return result;
  });
  await sweep(db, at.getTime());
  return outcome;
}

/**
 * Takes the key's cool-down: answers 0 and starts a new one when the last was at least `cooldownMs` ago,
 * else the milliseconds still to wait (and changes nothing).
 */
export async function claimCooldown(db: Db, key: string, cooldownMs: number): Promise<number> {
  return updateMark(db, key, (current, at) => {
    const left = current ? current.at.getTime() + cooldownMs - at.getTime() : 0;
    if (left > 0) return { mark: null, result: left };
    return { mark: { at, count: 1 }, result: 0 };
  });
}

/** Starts the key's cool-down now whatever its state (an event that happens anyway, such as a sign-up). */
export async function startCooldown(db: Db, key: string): Promise<void> {
  await updateMark(db, key, (_current, at) => ({ mark: { at, count: 1 }, result: undefined }));
}

function loginKey(email: string, ip: string): string {
  // E-mails and IP addresses never contain a space.
  return `login-failures:${email} ${ip}`;
}

/** Seconds a pair with `failures` failed logins waits after the last one before it may try again. */
export function loginDelaySeconds(failures: number): number {
  if (failures < loginDelay.freeFailures) return 0;
  return Math.min(2 ** (failures - loginDelay.freeFailures), loginDelay.maxDelaySeconds);
}

/** Throws a 429 AppError while this (e-mail, IP address) pair must still wait after its failed logins. */
export async function checkLoginDelay(db: Db, email: string, ip: string): Promise<void> {
  const mark = await readMark(db, loginKey(email, ip));
  if (!mark) return;
  const leftMs = mark.at.getTime() + loginDelaySeconds(mark.count) * 1000 - now().getTime();
  if (leftMs > 0) {
    const retryAfter = Math.max(1, Math.ceil(leftMs / 1000));
    throw new AppError('rate_limited', retryMessage(retryAfter), { retryAfter });
  }
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await updateMark(db, loginKey(email, ip), (current, at) => ({
    mark: { at, count: (current?.count ?? 0) + 1 },
    result: undefined,
  }));
}

/** A successful login forgets the pair's failures. */
export async function clearLoginFailures(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, loginKey(email, ip)));
}

/**
 * A share of a rate every instance draws from (the SMTP server's sending limit): up to `wanted` of the
 * `perSecond` units of the current second that are left, taken under a lock on the key so two instances
 * never take the same units. Answers how many were granted (0: wait for the next second).
 */
export async function takeAllowance(db: Db, key: string, wanted: number, perSecond: number): Promise<number> {
  if (wanted <= 0) return 0;
  const at = now().getTime();
  const windowStart = new Date(Math.floor(at / 1000) * 1000);
  const granted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [row] = await tx
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
    const grant = Math.max(0, Math.min(wanted, perSecond - (row?.count ?? 0)));
    if (grant > 0) {
      await tx
        .insert(rateLimitCounters)
        .values({ key, windowStart, count: grant })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + ${grant}` },
        });
    }
    return grant;
  });
  await sweep(db, at);
  return granted;
}
