import 'server-only';
import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/lib/server/db';
import { oneTimeCodes } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { AppError } from '@/lib/server/http/app-error';

/**
 * Six-digit codes for account verification and password reset: drawn from a CSPRNG, stored only as a
 * hash, valid for 10 minutes, single use, dead after 5 wrong tries. Issuing a new code retires the old one.
 */
export type CodePurpose = 'verify' | 'reset';

export const codeLifetimeMinutes = 10;
export const maxWrongTries = 5;
export const resendCooldownMs = 60_000;

function hashCode(id: string, code: string): string {
  return crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');
}

export function generateCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export async function issueCode(
  tx: Tx,
  userId: string,
  purpose: CodePurpose,
): Promise<{ code: string; expiresAt: Date }> {
  const id = crypto.randomUUID();
  const code = generateCode();
  const issuedAt = now();
  const expiresAt = new Date(issuedAt.getTime() + codeLifetimeMinutes * 60_000);
  await tx
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)));
  await tx
    .insert(oneTimeCodes)
    .values({ id, userId, purpose, codeHash: hashCode(id, code), expiresAt, createdAt: issuedAt });
  return { code, expiresAt };
}

/** Milliseconds until another code may be sent for this purpose (0 when it may be sent now). */
export async function cooldownLeft(tx: Tx, userId: string, purpose: CodePurpose): Promise<number> {
  const [latest] = await tx
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!latest) return 0;
  return Math.max(0, latest.createdAt.getTime() + resendCooldownMs - now().getTime());
}

/**
 * Checks a code and spends it. Each failure has its own message: no code, already used, expired, locked
 * after too many wrong tries, or wrong (with the tries left). Failures are returned, not thrown, so the
 * caller's transaction still commits the counted wrong try; the caller throws after it.
 */
export async function consumeCode(
  tx: Tx,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<AppError | null> {
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row)
    return new AppError('invalid_input', 'No code is active for this e-mail. Please request a new one.');
  if (row.consumedAt)
    return new AppError('gone', 'This code has already been used. Please request a new one.');
  if (row.attempts >= maxWrongTries) {
    return new AppError('gone', 'Too many wrong tries: this code no longer works. Please request a new one.');
  }
  if (row.expiresAt.getTime() <= now().getTime()) {
    return new AppError('gone', 'This code has expired. Please request a new one.');
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(row.id, code), 'hex');
  if (!crypto.timingSafeEqual(expected, actual)) {
    const [updated] = await tx
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, row.id))
      .returning({ attempts: oneTimeCodes.attempts });
    const left = maxWrongTries - (updated?.attempts ?? maxWrongTries);
    return new AppError(
      'invalid_input',
      left > 0
        ? `Invalid Otp. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'Invalid Otp. That was the last try: please request a new code.',
      { fieldErrors: { otp: 'Invalid Otp' } },
    );
  }
  await tx.update(oneTimeCodes).set({ consumedAt: now() }).where(eq(oneTimeCodes.id, row.id));
  return null;
}
