import { POST as login } from '@/app/api/login/route';
import { POST as register } from '@/app/api/register/route';
import { POST as validateOtp } from '@/app/api/validate-otp/route';
import { signToken } from '@/lib/server/auth/jwt';
import { hashPassword } from '@/lib/server/auth/passwords';
import type { Db } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { listOutbox } from '@/lib/server/mail/mail-service';
import { call } from './api';

let counter = 0;

export function newRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: 'Asha',
    last_name: 'Verma',
    phone_number: '9876543210',
    DOB: '2000-03-05',
    gender: 'female',
    Clg: 'Sabarmati Institute of Design',
    email: `asha.${Date.now()}.${counter}@example.com`,
    password: 'secret12',
    ...overrides,
  };
}

/** The newest 6-digit code mailed to an address (from the development outbox). */
export async function latestCode(db: Db, email: string): Promise<string> {
  const [mail] = await listOutbox(db, { to: email });
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Registers, verifies and logs in a new account; returns its token and details. */
export async function signedInUser(db: Db, overrides: Record<string, unknown> = {}) {
  const details = newRegistration(overrides);
  const registered = await call(register, { body: details });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const verified = await call(validateOtp, {
    body: { email: details.email, otp: await latestCode(db, details.email) },
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const answer = await call<{ token: string }>(login, {
    body: { email: details.email, password: details.password },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  const userId = JSON.parse(Buffer.from(answer.body.token.split('.')[1]!, 'base64url').toString())
    .userId as string;
  return { ...details, email: String(details.email).toLowerCase(), token: answer.body.token, userId };
}

let quickCounter = 0;
const quickHash = hashPassword('secret12');

/** A verified account made straight in the database, with a token: for tests that need many buyers. */
export async function quickUser(
  db: Db,
  overrides: { role?: 'user' | 'volunteer' | 'organiser' | 'admin'; email?: string } = {},
) {
  quickCounter += 1;
  const email =
    overrides.email ??
    `buyer.${Date.now()}.${quickCounter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await quickHash,
      firstName: 'Quick',
      lastName: `Buyer${quickCounter}`,
      phoneNumber: '9000000123',
      dob: '2001-01-01',
      gender: 'other',
      college: 'Test College',
      role: overrides.role ?? 'user',
      verified: true,
    })
    .returning();
  const token = await signToken({ userId: row!.id, email, role: row!.role, tv: row!.tokenVersion });
  return { email, userId: row!.id, token };
}
