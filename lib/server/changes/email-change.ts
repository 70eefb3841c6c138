import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EmailChangeOutcome } from '@/lib/schemas/own-details';
import { isInstituteEmail } from '@/lib/schemas/team-rules';
import { recordAudit } from '@/lib/server/admin/audit';
import { signToken } from '@/lib/server/auth/jwt';
import {
  checkCode,
  codeLifetimeMinutes,
  issueCode,
  newestCode,
  resendCooldownMs,
  type CodeFailure,
} from '@/lib/server/auth/one-time-codes';
import type { Db, Tx } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import {
  events,
  oneTimeCodes,
  participantChanges,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { addressTakenMail, codeMail, emailChangedMail } from '@/lib/server/mail/account-mails';
import { PendingMail, sendMail } from '@/lib/server/mail/mail-service';
import { claimCooldown, limitAttempt } from '@/lib/server/rate-limit';
import { lockAccount } from './details';

/*
 * A participant moves their account to a new e-mail address, proven by a code mailed to that address:
 *
 * 1. POST /api/my-details/email `{ email }` mails a code (the verification code's generation, hashing,
 *    10-minute life and 5 wrong tries) to the new address, within the same per-address limits as the other
 *    code mails and one code a minute per account. An address that already has an account gets no code:
 *    as at sign-up, the asker hears the same answer and only the address's owner is told.
 * 2. POST /api/my-details/email/confirm `{ code }` switches the address under the account's lock, writes the
 *    audit log and participant_changes, mails the old address, and ends every session issued before (the
 *    token version moves on): tokens carry the e-mail, and the screens read it from there (the registration
 *    screen puts the leader's address first), so none may keep the old one. The answer carries a fresh token.
 *
 * Two accounts confirming the same new address at once: the unique index on users.email keeps the first;
 * the second's transaction fails and is answered 409, its address unchanged.
 *
 * The institute's rules follow the address's domain (a free entry for its students, institute-only teams).
 * Leaving the institute's domain is refused while a live registration was made under those rules.
 */

export const codeSentMessage = 'We sent a code to your new address. Enter it here to confirm the change.';
const sameAddress = 'This is already your e-mail address.';
export const takenMessage =
  'This e-mail address has just been taken by another account. Your address has not changed.';

function cooldownKey(userId: string): string {
  return `code-cooldown:email:${userId}`;
}

function waitForCode(waitMs: number): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(
    'rate_limited',
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for another code.`,
    { retryAfter: seconds },
  );
}

/** Refuses to take the account out of the institute's domain while a registration relies on it. */
async function assertInstituteRulesHold(db: Db | Tx, userId: string, from: string, to: string) {
  const domain = env().INSTITUTE_EMAIL_DOMAIN;
  if (!isInstituteEmail(from, domain) || isInstituteEmail(to, domain)) return;
  const relying = await db
    .select({ eventName: events.name })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrationMembers.userId, userId),
        isNull(registrationMembers.cancelledAt),
        eq(registrations.status, 'confirmed'),
        eq(registrations.isDaStudent, true),
      ),
    );
  if (relying.length === 0) return;
  const names = [...new Set(relying.map((r) => r.eventName))].join(', ');
  throw new AppError(
    'conflict',
    `Your registration for ${names} was made under the institute's rules, which need your @${domain} address. Keep this address, or cancel that registration first.`,
  );
}

/** POST /api/my-details/email */
export async function requestEmailChange(
  db: Db,
  user: { id: string; email: string },
  newEmail: string,
): Promise<void> {
  if (newEmail === user.email)
    throw new AppError('invalid_input', sameAddress, { fieldErrors: { email: sameAddress } });
  await assertInstituteRulesHold(db, user.id, user.email, newEmail);
  await limitAttempt(db, 'codeMail', { email: newEmail });
  await limitAttempt(db, 'codeMail', { email: user.email });
  const wait = await claimCooldown(db, cooldownKey(user.id), resendCooldownMs);
  if (wait > 0) throw waitForCode(wait);

  const [owner] = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, newEmail));
  if (owner) {
    // Answered as if a code went out, as sign-up answers for a taken address: no one learns from this who
    // has an account. The owner is told; any earlier code of the asker is retired, so nothing can confirm.
    await db
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'email')));
    await sendMail(db, addressTakenMail({ to: newEmail, firstName: owner.firstName }));
    return;
  }
  const { code, firstName } = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, user.id);
    const issued = await issueCode(tx, user.id, 'email', newEmail);
    return { code: issued.code, firstName: account.firstName };
  });
  await sendMail(db, {
    ...codeMail({ to: newEmail, firstName, code, purpose: 'email' }),
    expiresAt: new Date(Date.now() + codeLifetimeMinutes * 60_000),
  });
}

const failureMessages: Record<CodeFailure, string> = {
  missing: 'Ask for a code first: enter your new address and we will mail you one.',
  used: 'This code has been used already. Ask for a new one if you want to change your address again.',
  locked: 'Too many wrong tries. Ask for a new code.',
  expired: 'This code has expired. Ask for a new one.',
  wrong: 'That code is not right. Please check the mail we sent to your new address.',
};

/** POST /api/my-details/email/confirm */
export async function confirmEmailChange(
  db: Db,
  user: { id: string; email: string; role: string },
  code: string,
  ip: string,
): Promise<EmailChangeOutcome> {
  await limitAttempt(db, 'otp', { email: user.email, ip });
  const mail = new PendingMail();
  let outcome: { failure: CodeFailure } | { email: string; tokenVersion: number; role: string };
  try {
    outcome = await db.transaction(async (tx) => {
      const account = await lockAccount(tx, user.id);
      const pending = await newestCode(tx, user.id, 'email');
      const failure = await checkCode(tx, user.id, 'email', code, { spend: true });
      // A wrong try is counted: this transaction commits and the failure is answered after it.
      if (failure || !pending?.newEmail) return { failure: failure ?? 'missing' };
      const newEmail = pending.newEmail;
      await assertInstituteRulesHold(tx, user.id, account.email, newEmail);
      const [updated] = await tx
        .update(users)
        .set({ email: newEmail, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning({ tokenVersion: users.tokenVersion, role: users.role });
      // A reset or verification code mailed to the old address must not work for the new one.
      await tx
        .delete(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, user.id), inArray(oneTimeCodes.purpose, ['verify', 'reset'])));
      await tx.insert(participantChanges).values({
        userId: user.id,
        action: 'details',
        entity: 'account',
        entityId: user.id,
        summary: 'Changed e-mail address',
      });
      await recordAudit(
        tx,
        { id: user.id, email: account.email },
        {
          action: 'details',
          entity: 'user',
          entityId: user.id,
          before: { email: account.email },
          after: { email: newEmail, by: 'participant' },
        },
      );
      await mail.add(tx, emailChangedMail({ to: account.email, firstName: account.firstName, newEmail }));
      return { email: newEmail, tokenVersion: updated!.tokenVersion, role: updated!.role };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', takenMessage);
    throw error;
  }
  if ('failure' in outcome) {
    const message = failureMessages[outcome.failure];
    throw new AppError('invalid_input', message, { fieldErrors: { code: message } });
  }
  await mail.send(db);
  const token = await signToken({
    userId: user.id,
    email: outcome.email,
    role: outcome.role,
    tv: outcome.tokenVersion,
  });
  return { email: outcome.email, token };
}
