import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  RegisterPayload,
  forgotPasswordSchema,
  loginSchema,
  resendOtpSchema,
  resetPasswordSchema,
  validateOtpSchema,
} from '@/lib/schemas/auth';
import { signToken } from '@/lib/server/auth/jwt';
import {
  checkCode,
  codeLifetimeMinutes,
  issueCode,
  resendCooldownMs,
  type CodePurpose,
} from '@/lib/server/auth/one-time-codes';
import { burnPasswordCheck, hashPassword, verifyPassword } from '@/lib/server/auth/passwords';
import {
  holdsSignUp,
  previewSignUpCookie,
  sealPreviewSignUp,
  type PreviewSignUp,
} from '@/lib/server/auth/preview-signup';
import { userForToken } from '@/lib/server/auth/session';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import { oneTimeCodes, users } from '@/lib/server/db/schema';
import { countOf } from '@/lib/plural';
import { isPreview } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { accountExistsMail, codeMail, pendingSignupMail } from '@/lib/server/mail/account-mails';
import { sendMail } from '@/lib/server/mail/mail-service';
import {
  checkLoginDelay,
  claimCooldown,
  clearLoginFailures,
  limitAttempt,
  recordLoginFailure,
  startCooldown,
} from '@/lib/server/rate-limit';

/*
 * Accounts: sign-up with an e-mailed code, login, code resends, password reset and logout. E-mails arrive
 * normalised (trimmed, lower case) from the shared schemas.
 *
 * Nobody should learn from these answers whether an e-mail has an account: sign-up, code checks, resends
 * and resets answer alike (and hash alike) for unknown, unverified and verified e-mails, and their limits
 * and cool-downs are counted per e-mail whether or not an account exists. Login is the exception the spec
 * makes: after a right password it says the account still needs verifying.
 */

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  role: users.role,
  verified: users.verified,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
  createdAt: users.createdAt,
};

async function findUserByEmail(db: Db | Tx, email: string, lock = false) {
  const query = db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A code's mail, which is not sent once the code has expired (a long mail outage). */
async function mailCode(
  db: Db,
  user: { email: string; firstName: string },
  code: string,
  purpose: CodePurpose,
) {
  const expiresAt = new Date(Date.now() + codeLifetimeMinutes * 60_000);
  await sendMail(db, {
    ...codeMail({ to: user.email, firstName: user.firstName, code, purpose }),
    expiresAt,
  });
}

/** The one-code-a-minute cool-down, per e-mail and purpose, kept whether or not the e-mail has an account. */
function cooldownKey(purpose: CodePurpose, email: string): string {
  return `code-cooldown:${purpose}:${email}`;
}

function waitForCode(waitMs: number): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(
    'rate_limited',
    `Please wait ${countOf(seconds, 'second')} before asking for another code.`,
    {
      retryAfter: seconds,
    },
  );
}

/** Every failed code check answers alike: wrong, expired, used, locked, or no such account. */
export const invalidCodeMessage = 'Invalid Otp';
function invalidCode(): AppError {
  return new AppError('invalid_input', invalidCodeMessage, { fieldErrors: { otp: invalidCodeMessage } });
}

/** A never-verified sign-up younger than this is kept as it is; an older one may be replaced. */
export const pendingKeptHours = 24;

export interface RegisterResult {
  email: string;
  /**
   * On a preview deployment only, and there for every e-mail alike: the Set-Cookie value that lets this
   * browser, and no other, see the code its sign-up was sent (lib/server/auth/preview-signup.ts).
   */
  previewCookie?: string;
}

type SignUp =
  | { kind: 'issued'; code: string; firstName: string; account: PreviewSignUp['account'] }
  | { kind: 'pending' | 'verified'; firstName: string }
  | { kind: 'raced' };

/**
 * Signs up. The answer is the same for a new, a pending and a verified e-mail, and each hashes the password
 * once, so neither answer nor timing tells them apart:
 * - a new e-mail (or a sign-up never verified within a day) gets a fresh unverified account and a code;
 * - a pending sign-up less than a day old is left untouched, and its owner gets a short note (sending a
 *   new code is the resend call's job);
 * - a verified e-mail is left untouched, and its owner gets a note to log in or reset the password.
 * Notes follow the one-mail-a-minute cool-down; every call counts against the per-e-mail code-mail limit.
 *
 * On a preview deployment every sign-up answer sets the preview cookie, of the same length in each case:
 * a new code's sign-up is sealed in it; otherwise the sign-up the browser already holds (`held`), if any,
 * is sealed again, so signing up twice does not lose the first code.
 */
export async function registerAccount(
  db: Db,
  payload: RegisterPayload,
  ip: string,
  held: PreviewSignUp | null = null,
): Promise<RegisterResult> {
  // The cheap checks come before the hash.
  await limitAttempt(db, 'register', { ip });
  await limitAttempt(db, 'codeMail', { email: payload.email });
  const passwordHash = await hashPassword(payload.password);
  const details = {
    firstName: payload.first_name,
    lastName: payload.last_name,
    phoneNumber: payload.phone_number,
    dob: payload.DOB,
    gender: payload.gender,
    college: payload.Clg,
    passwordHash,
  };
  let signUp: SignUp;
  try {
    signUp = await db.transaction(async (tx): Promise<SignUp> => {
      const existing = await findUserByEmail(tx, payload.email, true);
      if (existing?.verified) return { kind: 'verified', firstName: existing.firstName };
      const at = now();
      if (existing && at.getTime() - existing.createdAt.getTime() < pendingKeptHours * 3_600_000) {
        return { kind: 'pending', firstName: existing.firstName };
      }
      let userId: string;
      if (existing) {
        // Never verified in a day: whoever signed up then did not own the e-mail, or gave up.
        await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, existing.id));
        await tx
          .update(users)
          .set({ ...details, createdAt: at, updatedAt: sql`now()` })
          .where(eq(users.id, existing.id));
        userId = existing.id;
      } else {
        const [created] = await tx
          .insert(users)
          .values({ ...details, email: payload.email, createdAt: at })
          .returning({ id: users.id });
        userId = created!.id;
      }
      const { code } = await issueCode(tx, userId, 'verify');
      return { kind: 'issued', code, firstName: details.firstName, account: { id: userId, createdAt: at } };
    });
  } catch (error) {
    // Two sign-ups for one new e-mail at the same moment: the database keeps the first, as for a pending one.
    if (!isUniqueViolation(error)) throw error;
    signUp = { kind: 'raced' };
  }
  const to = { to: payload.email };
  switch (signUp.kind) {
    case 'issued':
      await startCooldown(db, cooldownKey('verify', payload.email));
      await mailCode(db, { email: payload.email, firstName: signUp.firstName }, signUp.code, 'verify');
      break;
    case 'pending':
      if ((await claimCooldown(db, cooldownKey('verify', payload.email), resendCooldownMs)) === 0) {
        await sendMail(db, pendingSignupMail({ ...to, firstName: signUp.firstName }));
      }
      break;
    case 'verified':
      if ((await claimCooldown(db, cooldownKey('verify', payload.email), resendCooldownMs)) === 0) {
        await sendMail(db, accountExistsMail({ ...to, firstName: signUp.firstName }));
      }
      break;
    case 'raced':
      break;
  }
  if (!isPreview()) return { email: payload.email };
  const sealed = sealPreviewSignUp(
    signUp.kind === 'issued' ? { account: signUp.account, code: signUp.code } : held,
  );
  return { email: payload.email, previewCookie: previewSignUpCookie(sealed) };
}

/**
 * Verifies an account with its code. Every failure (wrong, expired, used or locked code, unknown or
 * already verified e-mail) answers the same 400, after the same queries.
 */
export async function verifyAccount(
  db: Db,
  input: z.infer<typeof validateOtpSchema>,
  ip: string,
): Promise<void> {
  await limitAttempt(db, 'otp', { email: input.email, ip });
  const user = await findUserByEmail(db, input.email);
  const failure = await db.transaction(async (tx) => {
    const reason = await checkCode(tx, user?.id ?? null, 'verify', input.otp, { spend: true });
    if (!reason && user && !user.verified) {
      await tx
        .update(users)
        .set({ verified: true, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
    }
    return reason;
  });
  if (failure) throw invalidCode();
}

const codeSentMessage = 'A new code has been sent to your e-mail.';

export interface ResendResult {
  message: string;
  /**
   * On a preview deployment only: the renewed Set-Cookie value for the browser that made this pending
   * sign-up (it sent the sign-up's preview cookie), sealing the new verification code. Never for others.
   */
  previewCookie?: string;
}

/**
 * Sends a fresh code, at most once a minute per e-mail and purpose, within the per-e-mail code-mail limit.
 * Unknown, pending and verified e-mails get the same answers after the same number of calls: a verified
 * one asking for a verification code gets the "you already have an account" note, an unknown one nothing.
 * The answer never holds the code; on a preview, only the browser that made the sign-up (`held` is its
 * sign-up) gets its preview cookie renewed with the new code.
 */
export async function resendCode(
  db: Db,
  input: z.infer<typeof resendOtpSchema>,
  ip: string,
  held: PreviewSignUp | null = null,
): Promise<ResendResult> {
  await limitAttempt(db, 'resend', { ip });
  await limitAttempt(db, 'codeMail', { email: input.email });
  const wait = await claimCooldown(db, cooldownKey(input.purpose, input.email), resendCooldownMs);
  if (wait > 0) throw waitForCode(wait);
  const user = await findUserByEmail(db, input.email);
  if (!user) return { message: codeSentMessage };
  if (input.purpose === 'verify' && user.verified) {
    await sendMail(db, accountExistsMail({ to: user.email, firstName: user.firstName }));
    return { message: codeSentMessage };
  }
  const { code } = await db.transaction((tx) => issueCode(tx, user.id, input.purpose));
  await mailCode(db, user, code, input.purpose);
  if (input.purpose === 'verify' && isPreview() && holdsSignUp(held, user)) {
    const sealed = sealPreviewSignUp({ account: held.account, code });
    return { message: codeSentMessage, previewCookie: previewSignUpCookie(sealed) };
  }
  return { message: codeSentMessage };
}

/**
 * GET /api/preview-code: on a preview deployment, the code of this e-mail's sign-up when the browser holds
 * it (made the sign-up, which is still the current one and unverified); null for everyone else.
 */
export async function previewCodeFor(
  db: Db,
  email: string,
  held: PreviewSignUp | null,
): Promise<string | null> {
  if (!isPreview()) throw new AppError('not_found', previewCodeOnlyMessage);
  if (!held) return null;
  const user = await findUserByEmail(db, email);
  return holdsSignUp(held, user) ? held.code : null;
}

export const previewCodeOnlyMessage = 'Codes are shown on screen on a preview deployment only.';

/**
 * Logs in. Failed logins are counted per (e-mail, IP address) pair: after five, each further try waits
 * 2^(n-5) seconds (at most 15 minutes), so guessing from one address slows down while the owner, from
 * another, still gets in. A right password clears the pair's failures. The per-IP limit still holds.
 */
export async function login(
  db: Db,
  input: z.infer<typeof loginSchema>,
  ip: string,
): Promise<{ token: string; firstName: string }> {
  await limitAttempt(db, 'login', { ip });
  await checkLoginDelay(db, input.email, ip);
  const user = await findUserByEmail(db, input.email);
  let passwordRight = false;
  if (user) passwordRight = await verifyPassword(input.password, user.passwordHash);
  else await burnPasswordCheck(input.password);
  if (!user || !passwordRight) {
    await recordLoginFailure(db, input.email, ip);
    throw new AppError('unauthenticated', 'Invalid email or password.');
  }
  await clearLoginFailures(db, input.email, ip);
  // The spec's one telling answer: only after the right password, so it reveals nothing to a guesser.
  if (!user.verified) {
    throw new AppError(
      'forbidden',
      'Your account is not verified yet. Enter the code we e-mailed you to verify it.',
      { reason: 'unverified' },
    );
  }
  const token = await signToken({
    userId: user.id,
    email: user.email,
    role: user.role,
    tv: user.tokenVersion,
  });
  return { token, firstName: user.firstName };
}

export const forgotPasswordMessage =
  'If an account exists for this e-mail, a reset code has been sent to it.';

/**
 * Mails a reset code. The answer is the same whether or not the e-mail has an account. Within the
 * cool-down (kept per e-mail) the code already sent stays valid; sending another would only confuse.
 */
export async function requestPasswordReset(
  db: Db,
  input: z.infer<typeof forgotPasswordSchema>,
  ip: string,
): Promise<void> {
  await limitAttempt(db, 'forgot', { email: input.email, ip });
  if ((await claimCooldown(db, cooldownKey('reset', input.email), resendCooldownMs)) > 0) return;
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  const { code } = await db.transaction((tx) => issueCode(tx, user.id, 'reset'));
  await mailCode(db, user, code, 'reset');
}

/**
 * Sets a new password with a mailed code and ends every session issued before (the token version moves on).
 * A correct code also proves the e-mail, so an unverified account becomes verified. The code is checked
 * before the new password is hashed (a wrong one counts as a try and costs no hash; an unknown e-mail
 * answers the same after the same queries), and spent only once the hash is ready.
 */
export async function resetPassword(
  db: Db,
  input: z.infer<typeof resetPasswordSchema>,
  ip: string,
): Promise<void> {
  await limitAttempt(db, 'reset', { email: input.email, ip });
  const user = await findUserByEmail(db, input.email);
  const precheck = await db.transaction((tx) =>
    checkCode(tx, user?.id ?? null, 'reset', input.otp, { spend: false }),
  );
  if (precheck || !user) throw invalidCode();
  const passwordHash = await hashPassword(input.newPassword);
  const failure = await db.transaction(async (tx) => {
    // Checked again: another request may have spent the code while this one hashed.
    const reason = await checkCode(tx, user.id, 'reset', input.otp, { spend: true });
    if (reason) return reason;
    await tx
      .update(users)
      .set({
        passwordHash,
        verified: true,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    return null;
  });
  if (failure) throw invalidCode();
}

/**
 * Logs out: a current token's user has their token version bumped, which ends every session they have,
 * on every device (tokens carry no per-device identity). A missing, bad or already ended token changes
 * nothing.
 */
export async function logout(db: Db, token: string | null): Promise<void> {
  if (!token) return;
  const user = await userForToken(db, token);
  if (!user) return;
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
}
