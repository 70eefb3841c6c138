import 'server-only';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db';
import { rateLimitCounters } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';

/**
 * Fixed-window counters in the database, so a limit holds across every server instance. Each rule counts
 * one kind of attempt per e-mail or per IP address.
 */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

export const limits = {
  register: { ip: { limit: 30, windowSeconds: 3600 } },
  login: { email: { limit: 10, windowSeconds: 900 }, ip: { limit: 100, windowSeconds: 900 } },
  otp: { email: { limit: 15, windowSeconds: 900 }, ip: { limit: 100, windowSeconds: 900 } },
  resend: { email: { limit: 6, windowSeconds: 3600 }, ip: { limit: 60, windowSeconds: 3600 } },
  forgot: { email: { limit: 6, windowSeconds: 3600 }, ip: { limit: 60, windowSeconds: 3600 } },
  reset: { email: { limit: 10, windowSeconds: 900 }, ip: { limit: 100, windowSeconds: 900 } },
} satisfies Record<string, Partial<Record<'email' | 'ip', Limit>>>;

export type LimitedAction = keyof typeof limits;

function retryMessage(seconds: number): string {
  if (seconds < 60) return `Too many attempts. Please try again in ${seconds} seconds.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
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
  if (Math.random() < 0.01) {
    // Old windows are useless; sweep them now and then rather than on a schedule.
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(at - 86_400_000)));
  }
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
