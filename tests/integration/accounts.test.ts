import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POST as forgotPassword } from '@/app/api/forgot-password/route';
import { POST as login } from '@/app/api/login/route';
import { POST as register } from '@/app/api/register/route';
import { POST as registerAlias } from '@/app/api/auth/route';
import { POST as resendOtp } from '@/app/api/resend-otp/route';
import { POST as resetPassword } from '@/app/api/reset-password/route';
import { POST as validateOtp } from '@/app/api/validate-otp/route';
import { GET as verifyToken } from '@/app/api/verify-token/route';
import { GET as myProfile } from '@/app/api/my-profile/[id]/route';
import { setClockForTests } from '@/lib/server/clock';
import { oneTimeCodes, users } from '@/lib/server/db/schema';
import { listOutbox, setMailTransportForTests } from '@/lib/server/mail/mail-service';
import { call } from '../support/api';
import { latestCode, newRegistration, signedInUser } from '../support/accounts';
import { freePort, startSmtp, transportTo } from '../support/smtp';
import { describeEachDatabase } from '../support/test-db';

afterEach(() => setClockForTests(undefined));

function clockAt(start: Date) {
  let at = start.getTime();
  setClockForTests(() => new Date(at));
  return { advance: (ms: number) => (at += ms) };
}

describeEachDatabase('accounts API', (current) => {
  const db = () => current().db;

  describe('POST /api/register', () => {
    it('stores an unverified account with a password hash and mails a 6-digit code', async () => {
      const details = newRegistration({ email: '  Mixed.Case@Example.COM ' });
      const answer = await call(register, { body: details });
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe('Registration Successful, Kindly Verify with OTP sent to your mail');
      const [row] = await db().select().from(users).where(eq(users.email, 'mixed.case@example.com'));
      expect(row?.verified).toBe(false);
      expect(row?.passwordHash).not.toBe(details.password);
      expect(row?.passwordHash).not.toContain(details.password);
      expect(row?.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
      const [mail] = await listOutbox(db(), { to: 'mixed.case@example.com' });
      expect(mail?.subject).toBe('Aetherfest 2027: your verification code');
      expect(mail?.subject).not.toMatch(/\d{6}/);
      expect(mail?.text).toMatch(/\b\d{6}\b/);
      expect(mail?.text).toContain('expires in 10 minutes');
      expect(mail?.html).toContain(await latestCode(db(), 'mixed.case@example.com'));
      const [code] = await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, row!.id));
      expect(code?.codeHash).not.toContain(await latestCode(db(), 'mixed.case@example.com'));
    });

    it('answers POST /api/auth the same way', async () => {
      const answer = await call(registerAlias, { body: newRegistration() });
      expect(answer.status).toBe(201);
    });

    it('refuses invalid fields with per-field messages of the spec', async () => {
      const answer = await call<{ errors: Record<string, string> }>(register, {
        body: {
          first_name: 'Asha1',
          last_name: '',
          phone_number: '12345',
          DOB: '2999-01-01',
          gender: 'robot',
          Clg: ' ',
          email: 'nope',
          password: '123',
        },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({
        first_name: 'Name must contain only letters',
        last_name: 'This field is required',
        phone_number: 'Phone number must be 10 digits',
        DOB: 'Date of birth cannot be in the future',
        gender: 'Please select a gender',
        Clg: 'College name is required',
        email: 'Invalid email address',
        password: 'Password must be at least 6 characters long',
      });
    });

    it.each([
      ['an array', '[]'],
      ['wrong types', '{"first_name":5,"DOB":true,"password":null}'],
      ['broken JSON', '{"first_name":'],
    ])('answers 400, never 500, to %s', async (_label, rawBody) => {
      const answer = await call(register, { rawBody });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    });

    it('replaces a sign-up never verified within a day, and its code, on a second sign-up', async () => {
      const clock = clockAt(new Date('2027-01-09T08:00:00Z'));
      const details = newRegistration();
      await call(register, { body: details });
      const firstCode = await latestCode(db(), details.email);
      clock.advance(24 * 3_600_000 + 60_000);
      const again = await call(register, { body: { ...details, first_name: 'Ashwini' } });
      expect(again.status).toBe(201);
      const [row] = await db().select().from(users).where(eq(users.email, details.email));
      expect(row?.firstName).toBe('Ashwini');
      const secondCode = await latestCode(db(), details.email);
      if (firstCode !== secondCode) {
        const old = await call(validateOtp, { body: { email: details.email, otp: firstCode } });
        expect(old.status).toBe(400);
      }
      expect((await call(validateOtp, { body: { email: details.email, otp: secondCode } })).status).toBe(200);
    });

    it('answers a verified e-mail like a new one, changes nothing and mails the owner a note', async () => {
      const user = await signedInUser(db());
      const [before] = await db().select().from(users).where(eq(users.email, user.email));
      const answer = await call(register, {
        body: newRegistration({ email: user.email, first_name: 'Other' }),
      });
      expect(answer).toMatchObject({
        status: 201,
        body: {
          message: 'Registration Successful, Kindly Verify with OTP sent to your mail',
          data: { email: user.email },
        },
      });
      const [after] = await db().select().from(users).where(eq(users.email, user.email));
      expect(after).toEqual(before);
      // The sign-up code went out a moment ago, so the note waits for the one-minute cool-down.
      expect(await listOutbox(db(), { to: user.email })).toHaveLength(1);
    });
  });

  describe('POST /api/validate-otp', () => {
    it('verifies with the right code', async () => {
      const details = newRegistration();
      await call(register, { body: details });
      const answer = await call(validateOtp, {
        body: { email: details.email, otp: await latestCode(db(), details.email) },
      });
      expect(answer).toMatchObject({ status: 200, body: { message: 'Account Verified, You can Login !' } });
      const [row] = await db().select().from(users).where(eq(users.email, details.email));
      expect(row?.verified).toBe(true);
    });

    it('counts wrong tries and kills the code on the fifth', async () => {
      const details = newRegistration();
      await call(register, { body: details });
      const code = await latestCode(db(), details.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const answer = await call(validateOtp, { body: { email: details.email, otp: wrong } });
        expect(answer.status).toBe(400);
        messages.push(String(answer.body.message));
      }
      // One message for every failure, so the answer does not tell whether the e-mail has a pending code.
      expect(new Set(messages)).toEqual(new Set(['Invalid Otp']));
      const right = await call(validateOtp, { body: { email: details.email, otp: code } });
      expect(right).toMatchObject({ status: 400, body: { message: 'Invalid Otp' } });
      const [row] = await db().select().from(users).where(eq(users.email, details.email));
      expect(row?.verified).toBe(false);
    });

    it('refuses an expired code after 10 minutes', async () => {
      const clock = clockAt(new Date('2027-01-10T10:00:00Z'));
      const details = newRegistration();
      await call(register, { body: details });
      clock.advance(10 * 60_000 + 1000);
      const answer = await call(validateOtp, {
        body: { email: details.email, otp: await latestCode(db(), details.email) },
      });
      expect(answer).toMatchObject({ status: 400, body: { message: 'Invalid Otp' } });
    });

    it('still accepts a code just before it expires', async () => {
      const clock = clockAt(new Date('2027-01-10T10:00:00Z'));
      const details = newRegistration();
      await call(register, { body: details });
      clock.advance(10 * 60_000 - 1000);
      const answer = await call(validateOtp, {
        body: { email: details.email, otp: await latestCode(db(), details.email) },
      });
      expect(answer.status).toBe(200);
    });

    it('refuses a malformed code with a 400', async () => {
      const answer = await call(validateOtp, { body: { email: 'x@example.com', otp: '12ab' } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please enter the 6-digit code');
    });
  });

  describe('POST /api/resend-otp', () => {
    it('sends a new code only after the one-minute cool-down', async () => {
      const clock = clockAt(new Date('2027-01-11T09:00:00Z'));
      const details = newRegistration();
      await call(register, { body: details });
      const early = await call(resendOtp, { body: { email: details.email, purpose: 'verify' } });
      expect(early.status).toBe(429);
      expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(early.body.message).toMatch(/^Please wait \d+ seconds? before asking for another code\.$/);
      clock.advance(61_000);
      const later = await call(resendOtp, { body: { email: details.email, purpose: 'verify' } });
      expect(later).toMatchObject({
        status: 200,
        body: { message: 'A new code has been sent to your e-mail.' },
      });
      expect(await listOutbox(db(), { to: details.email })).toHaveLength(2);
    });

    it('answers an unknown e-mail exactly like a known one', async () => {
      const answer = await call(resendOtp, { body: { email: 'nobody@example.com', purpose: 'reset' } });
      expect(answer).toMatchObject({
        status: 200,
        body: { message: 'A new code has been sent to your e-mail.' },
      });
      expect(await listOutbox(db(), { to: 'nobody@example.com' })).toHaveLength(0);
    });
  });

  describe('POST /api/login', () => {
    it('answers a token with email, lower-case role and userId, and sets the guard cookie', async () => {
      const details = newRegistration({ first_name: 'Meera' });
      await call(register, { body: details });
      await call(validateOtp, { body: { email: details.email, otp: await latestCode(db(), details.email) } });
      const answer = await call<{ message: string; token: string; data: { first_name: string } }>(login, {
        body: { email: details.email.toUpperCase(), password: details.password },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.body.data).toEqual({ first_name: 'Meera' });
      const claims = decodeJwt(answer.body.token);
      expect(claims).toMatchObject({ email: details.email, role: 'user' });
      expect(typeof claims.userId).toBe('string');
      expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
      expect(answer.headers.get('set-cookie')).toMatch(
        /^token=ey[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800/,
      );
      expect((await call(verifyToken, { token: answer.body.token })).status).toBe(200);
    });

    it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
      const user = await signedInUser(db());
      const wrong = await call(login, { body: { email: user.email, password: 'wrong123' } });
      const unknown = await call(login, { body: { email: 'ghost@example.com', password: 'wrong123' } });
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid email or password.' } });
      expect(unknown).toMatchObject({ status: 401, body: { message: 'Invalid email or password.' } });
    });

    it('tells an unverified account to verify', async () => {
      const details = newRegistration();
      await call(register, { body: details });
      const answer = await call(login, { body: { email: details.email, password: details.password } });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        reason: 'unverified',
        message: 'Your account is not verified yet. Enter the code we e-mailed you to verify it.',
      });
    });

    it('slows down failed logins per e-mail and address with a 429 that says when to retry', async () => {
      const user = await signedInUser(db());
      const ip = '198.51.100.23';
      let last = await call(login, { body: { email: user.email, password: 'wrong123' }, ip });
      for (let i = 0; i < 10 && last.status !== 429; i += 1) {
        last = await call(login, { body: { email: user.email, password: 'wrong123' }, ip });
      }
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(last.body.message).toMatch(
        /^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/,
      );
      // From that address even the right password waits; from another one the owner still gets in.
      const same = await call(login, { body: { email: user.email, password: user.password }, ip });
      expect(same.status).toBe(429);
      const other = await call(login, { body: { email: user.email, password: user.password } });
      expect(other.status).toBe(200);
    });

    it('limits attempts per IP address across e-mails', async () => {
      // One instant for every call: the limit counts per clock hour, which the loop could otherwise cross.
      clockAt(new Date());
      let last = await call(forgotPassword, { body: { email: 'ip0@example.com' }, ip: '192.0.2.7' });
      for (let i = 1; i <= 60 && last.status !== 429; i += 1) {
        last = await call(forgotPassword, { body: { email: `ip${i}@example.com` }, ip: '192.0.2.7' });
      }
      expect(last.status).toBe(429);
    });
  });

  describe('forgot and reset password', () => {
    it('gives the same answer for an unknown e-mail and mails nothing', async () => {
      const answer = await call(forgotPassword, { body: { email: 'unknown.person@example.com' } });
      expect(answer).toMatchObject({
        status: 200,
        body: { message: 'If an account exists for this e-mail, a reset code has been sent to it.' },
      });
      expect(await listOutbox(db(), { to: 'unknown.person@example.com' })).toHaveLength(0);
    });

    it('resets with the mailed code, ends earlier tokens, and spends the code', async () => {
      const user = await signedInUser(db());
      const forgot = await call(forgotPassword, { body: { email: user.email } });
      expect(forgot.body.message).toBe(
        'If an account exists for this e-mail, a reset code has been sent to it.',
      );
      const code = await latestCode(db(), user.email);
      const reset = await call(resetPassword, {
        body: { email: user.email, otp: code, newPassword: 'newpass9' },
      });
      expect(reset).toMatchObject({
        status: 200,
        body: { message: 'Password changed, You can Login with new password !' },
      });
      expect((await call(verifyToken, { token: user.token })).status).toBe(401);
      expect((await call(login, { body: { email: user.email, password: user.password } })).status).toBe(401);
      expect((await call(login, { body: { email: user.email, password: 'newpass9' } })).status).toBe(200);
      const again = await call(resetPassword, {
        body: { email: user.email, otp: code, newPassword: 'another1' },
      });
      expect(again).toMatchObject({ status: 400, body: { message: 'Invalid Otp' } });
    });

    it('refuses a new password outside 6 to 10 characters', async () => {
      const answer = await call(resetPassword, {
        body: { email: 'a@example.com', otp: '123456', newPassword: '12345678901' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Password must be between 6 and 10 characters.');
    });

    it('answers a reset for an unknown e-mail like a wrong code', async () => {
      const answer = await call(resetPassword, {
        body: { email: 'ghost2@example.com', otp: '123456', newPassword: 'newpass9' },
      });
      expect(answer).toMatchObject({ status: 400, body: { message: 'Invalid Otp' } });
    });
  });

  describe('GET /api/my-profile/{id}', () => {
    it('answers the owner their profile', async () => {
      const user = await signedInUser(db(), { first_name: 'Kabir', gender: 'male', DOB: '2000-03-05' });
      const answer = await call<{ data: Record<string, unknown> }>(myProfile, {
        token: user.token,
        params: { id: user.userId },
      });
      expect(answer.status).toBe(200);
      // Personal: never kept by a CDN or proxy.
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.body.data).toEqual({
        userId: user.userId,
        first_name: 'Kabir',
        last_name: 'Verma',
        email: user.email,
        phone_number: '9876543210',
        DOB: '2000-03-05',
        gender: 'male',
        Clg: 'Sabarmati Institute of Design',
        accomodationTaken: false,
        registrationsDetails: [],
        merchandiseOrders: [],
      });
    });

    it("refuses another user's profile with 403 and a missing token with 401", async () => {
      const a = await signedInUser(db());
      const b = await signedInUser(db());
      expect((await call(myProfile, { token: a.token, params: { id: b.userId } })).status).toBe(403);
      expect((await call(myProfile, { params: { id: a.userId } })).status).toBe(401);
    });
  });
});

describeEachDatabase('account mail over SMTP', (current) => {
  afterEach(() => setMailTransportForTests(undefined));

  it('delivers the verification code to a real SMTP server', async () => {
    const port = await freePort();
    const smtp = await startSmtp(port);
    try {
      setMailTransportForTests(transportTo(port));
      const details = newRegistration();
      expect((await call(register, { body: details })).status).toBe(201);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual([details.email]);
      expect(smtp.received[0]?.raw).not.toMatch(/^Subject: .*\d{6}/m);
      const code = smtp.received[0]?.raw.match(/^ {4}(\d{6})\r?$/m)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const verified = await call(validateOtp, { body: { email: details.email, otp: code } });
      expect(verified.status).toBe(200);
      expect(current().kind).toMatch(/pglite|postgres/);
    } finally {
      await smtp.stop();
    }
  });
});
