import 'server-only';
import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { oneTimeCodes } from '@/lib/server/db/schema';
import { now } from '@/lib/server/clock';
import { codeLifetimeMinutes } from '@/lib/schemas/auth-rules';

/**
 * Six-digit codes for account verification, password reset and a new e-mail address's confirmation: drawn from a CSPRNG, stored only as a
 * hash, valid for 10 minutes, single use, dead after 5 wrong tries. Issuing a new code retires the old one.
 * The one-a-minute cool-down between codes is kept per e-mail in lib/server/rate-limit.ts.
 */
export type CodePurpose = 'verify' | 'reset' | 'email';

export { codeLifetimeMinutes };
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
  /** For an 'email' code: the address it confirms, which replaces the account's once the code is right. */
  newEmail: string | null = null,
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
    .values({ id, userId, purpose, codeHash: hashCode(id, code), newEmail, expiresAt, createdAt: issuedAt });
  return { code, expiresAt };
}

export type CodeFailure = 'missing' | 'used' | 'locked' | 'expired' | 'wrong';

/** A user id no account has: an unknown e-mail's code check runs the same queries and finds nothing. */
const nobody = '00000000-0000-4000-8000-000000000000';

/**
 * Checks a code: null when it is right, else why not (no code, already used, locked after too many wrong
 * tries, expired, or wrong). A wrong try is counted, so the caller's transaction must commit even though
 * the request fails. A right code is spent only with `spend`: a reset checks the code before hashing the
 * new password and spends it once the hash is ready. A null user (unknown e-mail) does the same reads.
 */
export async function checkCode(
  tx: Tx,
  userId: string | null,
  purpose: CodePurpose,
  code: string,
  { spend }: { spend: boolean },
): Promise<CodeFailure | null> {
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId ?? nobody), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  const actual = Buffer.from(hashCode(row?.id ?? nobody, code), 'hex');
  if (!row) return 'missing';
  if (row.consumedAt) return 'used';
  if (row.attempts >= maxWrongTries) return 'locked';
  if (row.expiresAt.getTime() <= now().getTime()) return 'expired';
  const expected = Buffer.from(row.codeHash, 'hex');
  if (!crypto.timingSafeEqual(expected, actual)) {
    await tx
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, row.id));
    return 'wrong';
  }
  if (spend) await tx.update(oneTimeCodes).set({ consumedAt: now() }).where(eq(oneTimeCodes.id, row.id));
  return null;
}

/** The newest code of a purpose for a user, spent or not (the e-mail change reads the address it confirms). */
export async function newestCode(tx: Db | Tx, userId: string, purpose: CodePurpose) {
  const [row] = await tx
    .select({
      newEmail: oneTimeCodes.newEmail,
      expiresAt: oneTimeCodes.expiresAt,
      consumedAt: oneTimeCodes.consumedAt,
      attempts: oneTimeCodes.attempts,
    })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row ?? null;
}
