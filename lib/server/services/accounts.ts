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
import { consumeCode, cooldownLeft, issueCode, type CodePurpose } from '@/lib/server/auth/one-time-codes';
import { burnPasswordCheck, hashPassword, verifyPassword } from '@/lib/server/auth/passwords';
import type { Db, Tx } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { codeMail } from '@/lib/server/mail/account-mails';
import { sendMail } from '@/lib/server/mail/mail-service';
import { limitAttempt } from '@/lib/server/rate-limit';

/*
 * Accounts: sign-up with an e-mailed code, login, code resends, and password reset. E-mails arrive
 * normalised (trimmed, lower case) from the shared schemas.
 */

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  role: users.role,
  verified: users.verified,
  passwordHash: users.passwordHash,
  tokenVersion: users.tokenVersion,
};

async function findUserByEmail(db: Db | Tx, email: string, lock = false) {
  const query = db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function mailCode(
  db: Db,
  user: { email: string; firstName: string },
  code: string,
  purpose: CodePurpose,
) {
  await sendMail(db, codeMail({ to: user.email, firstName: user.firstName, code, purpose }));
}

const alreadyRegistered = 'An account with this e-mail already exists. Please log in.';

/**
 * Stores a new, unverified account (or replaces the details of an unverified one) and mails a code.
 * A verified e-mail is refused.
 */
export async function registerAccount(
  db: Db,
  payload: RegisterPayload,
  ip: string,
): Promise<{ email: string }> {
  await limitAttempt(db, 'register', { ip });
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
  let issued: { code: string; firstName: string };
  try {
    issued = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, payload.email, true);
      if (existing?.verified)
        throw new AppError('conflict', alreadyRegistered, { fieldErrors: { email: alreadyRegistered } });
      let userId: string;
      if (existing) {
        await tx
          .update(users)
          .set({ ...details, updatedAt: sql`now()` })
          .where(eq(users.id, existing.id));
        userId = existing.id;
      } else {
        const [created] = await tx
          .insert(users)
          .values({ ...details, email: payload.email })
          .returning({ id: users.id });
        userId = created!.id;
      }
      const { code } = await issueCode(tx, userId, 'verify');
      return { code, firstName: details.firstName };
    });
  } catch (error) {
    // Two sign-ups for one new e-mail at the same moment: the database keeps one.
    if (isUniqueViolation(error)) throw new AppError('conflict', alreadyRegistered);
    throw error;
  }
  await mailCode(db, { email: payload.email, firstName: issued.firstName }, issued.code, 'verify');
  return { email: payload.email };
}

export async function verifyAccount(
  db: Db,
  input: z.infer<typeof validateOtpSchema>,
  ip: string,
): Promise<void> {
  await limitAttempt(db, 'otp', { email: input.email, ip });
  const user = await findUserByEmail(db, input.email);
  if (!user)
    throw new AppError(
      'invalid_input',
      'No account is waiting for verification with this e-mail. Please register first.',
    );
  if (user.verified) throw new AppError('conflict', 'This account is already verified. You can log in.');
  const failure = await db.transaction(async (tx) => {
    const error = await consumeCode(tx, user.id, 'verify', input.otp);
    if (!error)
      await tx
        .update(users)
        .set({ verified: true, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
    return error;
  });
  if (failure) throw failure;
}

const codeSentMessage = 'A new code has been sent to your e-mail.';

/**
 * Sends a fresh code, at most once a minute per account and purpose. Unknown e-mails get the same answer,
 * so the endpoint does not reveal who has an account.
 */
export async function resendCode(
  db: Db,
  input: z.infer<typeof resendOtpSchema>,
  ip: string,
): Promise<string> {
  await limitAttempt(db, 'resend', { email: input.email, ip });
  const user = await findUserByEmail(db, input.email);
  if (!user) return codeSentMessage;
  if (input.purpose === 'verify' && user.verified) {
    throw new AppError('conflict', 'This account is already verified. You can log in.');
  }
  const code = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const wait = await cooldownLeft(tx, user.id, input.purpose);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('rate_limited', `Please wait ${seconds} seconds before asking for another code.`, {
        retryAfter: seconds,
      });
    }
    return (await issueCode(tx, user.id, input.purpose)).code;
  });
  await mailCode(db, user, code, input.purpose);
  return codeSentMessage;
}

export async function login(
  db: Db,
  input: z.infer<typeof loginSchema>,
  ip: string,
): Promise<{ token: string; firstName: string }> {
  await limitAttempt(db, 'login', { email: input.email, ip });
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new AppError('unauthenticated', 'Invalid email or password.');
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new AppError('unauthenticated', 'Invalid email or password.');
  }
  if (!user.verified) {
    throw new AppError(
      'forbidden',
      'Your account is not verified yet. Enter the code we e-mailed you to verify it.',
      {
        reason: 'unverified',
      },
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

/** Mails a reset code. The answer is the same whether or not the e-mail has an account. */
export async function requestPasswordReset(
  db: Db,
  input: z.infer<typeof forgotPasswordSchema>,
  ip: string,
): Promise<void> {
  await limitAttempt(db, 'forgot', { email: input.email, ip });
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  const code = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    // Within the cool-down the code already sent stays valid; sending another would only confuse.
    if ((await cooldownLeft(tx, user.id, 'reset')) > 0) return null;
    return (await issueCode(tx, user.id, 'reset')).code;
  });
  if (code) await mailCode(db, user, code, 'reset');
}

/**
 * Sets a new password with a mailed code and ends every session issued before (the token version moves on).
 * A correct code also proves the e-mail, so an unverified account becomes verified.
 */
export async function resetPassword(
  db: Db,
  input: z.infer<typeof resetPasswordSchema>,
  ip: string,
): Promise<void> {
  await limitAttempt(db, 'reset', { email: input.email, ip });
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new AppError('invalid_input', 'Invalid Otp');
  const passwordHash = await hashPassword(input.newPassword);
  const failure = await db.transaction(async (tx) => {
    const error = await consumeCode(tx, user.id, 'reset', input.otp);
    if (error) return error;
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
  if (failure) throw failure;
}
