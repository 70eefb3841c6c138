import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POST as forgotPassword } from '@/app/api/forgot-password/route';
import { POST as login } from '@/app/api/login/route';
import { POST as logout } from '@/app/api/logout/route';
import { GET as previewCode } from '@/app/api/preview-code/route';
import { POST as register } from '@/app/api/register/route';
import { POST as resendOtp } from '@/app/api/resend-otp/route';
import { POST as resetPassword } from '@/app/api/reset-password/route';
import { POST as validateOtp } from '@/app/api/validate-otp/route';
import { GET as verifyToken } from '@/app/api/verify-token/route';
import {
  hashingLimits,
  hashPassword,
  passwordHashingStats,
  setHashingLimitsForTests,
} from '@/lib/server/auth/passwords';
import { setClockForTests } from '@/lib/server/clock';
import type { Db } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { resetEnvForTests } from '@/lib/server/env';
import { listOutbox } from '@/lib/server/mail/mail-service';
import { loginDelaySeconds } from '@/lib/server/rate-limit';
import { call, type CallResult } from '../support/api';
import { latestCode, newRegistration, quickUser, signedInUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-db';

/*
 * The accounts findings of the security review: hashing as a denial of service, pending sign-ups taken
 * over, answers that tell which e-mails have accounts, login limits that lock the owner out, unlimited
 * sign-up mail, logout that ends nothing, codes in mail subjects, and the preview deployment's code.
 */

const savedPreview = process.env.PREVIEW;

afterEach(() => {
  setClockForTests(undefined);
  setHashingLimitsForTests();
  if (savedPreview === undefined) delete process.env.PREVIEW;
  else process.env.PREVIEW = savedPreview;
  resetEnvForTests();
});

function clockAt(start: Date) {
  let at = start.getTime();
  setClockForTests(() => new Date(at));
  return { advance: (ms: number) => (at += ms) };
}

let sequence = 0;
function uniqueEmail(label: string): string {
  sequence += 1;
  return `${label}.${Date.now()}.${sequence}.${crypto.randomBytes(3).toString('hex')}@example.com`;
}

/** An unverified account made straight in the database (no code, no mail, no counters). */
async function pendingUser(db: Db, email = uniqueEmail('pending')) {
  await db.insert(users).values({
    email,
    passwordHash: await hashPassword('secret12'),
    firstName: 'Pending',
    lastName: 'Person',
    phoneNumber: '9000000456',
    dob: '2001-01-01',
    gender: 'other',
    college: 'Test College',
    verified: false,
  });
  return email;
}

/** What a caller can see of an answer (status, body, Retry-After), minus what legitimately differs. */
function visible(answer: CallResult, email?: string) {
  const body = JSON.stringify(answer.body);
  return {
    status: answer.status,
    body: email ? body.replaceAll(email, '<email>') : body,
    retryAfter: answer.headers.get('retry-after'),
  };
}

function hashesDone(): number {
  return passwordHashingStats().completed;
}

describeEachDatabase('accounts security', (current) => {
  const db = () => current().db;

  describe('password hashing is capped', () => {
    it('refuses a burst of logins beyond the cap with 503 and Retry-After, never hashing more than 2 at once', async () => {
      setHashingLimitsForTests({ queue: 4, waitMs: 300 });
      const answers = await Promise.all(
        Array.from({ length: 32 }, (_, i) =>
          call(login, { body: { email: `burst.${i}.${Date.now()}@example.com`, password: 'guess123' } }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
      const refused = answers.filter((a) => a.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused[0]!.body.message).toBe(
        'The server is busy right now. Please try again in a few seconds.',
      );
      expect(passwordHashingStats().peakRunning).toBeLessThanOrEqual(hashingLimits.concurrency);
      expect(hashingLimits.concurrency).toBe(2);
      expect(passwordHashingStats()).toMatchObject({ running: 0, waiting: 0 });

      setHashingLimitsForTests();
      const user = await quickUser(db());
      expect((await call(login, { body: { email: user.email, password: 'secret12' } })).status).toBe(200);
    });

    it('checks a reset code before hashing: a wrong code costs no hash and still counts as a try', async () => {
      const user = await quickUser(db());
      await call(forgotPassword, { body: { email: user.email } });
      const code = await latestCode(db(), user.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const before = hashesDone();
      for (let i = 0; i < 5; i += 1) {
        const answer = await call(resetPassword, {
          body: { email: user.email, otp: wrong, newPassword: 'newpass9' },
        });
        expect(answer.status).toBe(400);
      }
      expect(hashesDone()).toBe(before);
      const right = await call(resetPassword, {
        body: { email: user.email, otp: code, newPassword: 'newpass9' },
      });
      expect(right).toMatchObject({ status: 400, body: { message: 'Invalid Otp' } });
      expect(hashesDone()).toBe(before);
    });

    it('keeps a right reset code unspent when the hash is refused, so it works once the server has room', async () => {
      const user = await quickUser(db());
      await call(forgotPassword, { body: { email: user.email } });
      const code = await latestCode(db(), user.email);
      setHashingLimitsForTests({ concurrency: 0, queue: 0 });
      const busy = await call(resetPassword, {
        body: { email: user.email, otp: code, newPassword: 'newpass9' },
      });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).not.toBeNull();
      setHashingLimitsForTests();
      const later = await call(resetPassword, {
        body: { email: user.email, otp: code, newPassword: 'newpass9' },
      });
      expect(later.status).toBe(200);
      expect((await call(login, { body: { email: user.email, password: 'newpass9' } })).status).toBe(200);
    });

    it('applies the sign-up limits before hashing', async () => {
      const details = newRegistration();
      // One instant for every call: the limits count per clock hour, which the loop could otherwise cross.
      clockAt(new Date());
      for (let i = 0; i < 6; i += 1) expect((await call(register, { body: details })).status).toBe(201);
      const before = hashesDone();
      const limited = await call(register, { body: details });
      expect(limited.status).toBe(429);
      expect(hashesDone()).toBe(before);
    });
  });

  describe('a pending sign-up is not taken over', () => {
    it('leaves a sign-up younger than a day untouched: details, password and code', async () => {
      const details = newRegistration();
      await call(register, { body: details });
      const firstCode = await latestCode(db(), details.email);
      const [before] = await db().select().from(users).where(eq(users.email, details.email));
      const again = await call(register, {
        body: { ...details, first_name: 'Mallory', password: 'takeover1' },
      });
      expect(again.status).toBe(201);
      const [after] = await db().select().from(users).where(eq(users.email, details.email));
      expect(after).toEqual(before);
      expect((await call(validateOtp, { body: { email: details.email, otp: firstCode } })).status).toBe(200);
      expect((await call(login, { body: { email: details.email, password: 'takeover1' } })).status).toBe(401);
      expect((await call(login, { body: { email: details.email, password: details.password } })).status).toBe(
        200,
      );
    });

    it('still keeps it just before a day has passed, and replaces it after', async () => {
      const clock = clockAt(new Date('2027-01-12T08:00:00Z'));
      const details = newRegistration();
      await call(register, { body: details });
      clock.advance(24 * 3_600_000 - 60_000);
      await call(register, { body: { ...details, first_name: 'Early' } });
      const [kept] = await db().select().from(users).where(eq(users.email, details.email));
      expect(kept?.firstName).toBe('Asha');
      clock.advance(2 * 60_000);
      await call(register, { body: { ...details, first_name: 'Later' } });
      const [replaced] = await db().select().from(users).where(eq(users.email, details.email));
      expect(replaced?.firstName).toBe('Later');
      expect(replaced?.verified).toBe(false);
    });
  });

  describe('answers do not tell which e-mails have accounts', () => {
    it('sign-up answers a new, a pending and a verified e-mail alike, hashing once for each', async () => {
      const fresh = uniqueEmail('fresh');
      const pending = await pendingUser(db());
      const verified = (await quickUser(db())).email;
      const seen = [];
      for (const email of [fresh, pending, verified]) {
        const before = hashesDone();
        const answer = await call(register, { body: newRegistration({ email }) });
        expect(hashesDone() - before).toBe(1);
        seen.push(visible(answer, email));
      }
      expect(seen[0]!.status).toBe(201);
      expect(seen[1]).toEqual(seen[0]);
      expect(seen[2]).toEqual(seen[0]);

      const [pendingMail] = await listOutbox(db(), { to: pending });
      expect(pendingMail?.subject).toBe('Aetherfest 2027: finish your sign-up');
      expect(pendingMail?.text).not.toMatch(/\b\d{6}\b/);
      const [verifiedMail] = await listOutbox(db(), { to: verified });
      expect(verifiedMail?.subject).toBe('Aetherfest 2027: you already have an account');
      expect(verifiedMail?.text).toContain('/forgot-password');
      expect(verifiedMail?.text).not.toMatch(/\b\d{6}\b/);
    });

    it('code checks answer an unknown, a verified, a pending e-mail and a used code alike', async () => {
      const pending = newRegistration();
      await call(register, { body: pending });
      const code = await latestCode(db(), pending.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const verified = await signedInUser(db());
      const usedCode = await latestCode(db(), verified.email);
      const unknown = uniqueEmail('ghost');
      const answers = [
        visible(await call(validateOtp, { body: { email: unknown, otp: wrong } })),
        visible(await call(validateOtp, { body: { email: verified.email, otp: wrong } })),
        visible(await call(validateOtp, { body: { email: verified.email, otp: usedCode } })),
        visible(await call(validateOtp, { body: { email: pending.email, otp: wrong } })),
      ];
      expect(answers[0]).toEqual({
        status: 400,
        body: JSON.stringify({ message: 'Invalid Otp', errors: { otp: 'Invalid Otp' } }),
        retryAfter: null,
      });
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    });

    it('resends answer an unknown, a pending and a verified e-mail alike, cool-down and limit included', async () => {
      const pending = await pendingUser(db());
      const verified = (await quickUser(db())).email;
      const unknown = uniqueEmail('nobody');
      const runs = [];
      for (const email of [unknown, pending, verified]) {
        const clock = clockAt(new Date('2027-01-13T09:00:00Z'));
        const run = [];
        for (let i = 0; i < 8; i += 1) {
          run.push(visible(await call(resendOtp, { body: { email, purpose: 'verify' } }), email));
          run.push(visible(await call(resendOtp, { body: { email, purpose: 'verify' } }), email));
          clock.advance(61_000);
        }
        runs.push(run);
      }
      expect(runs[0]![0]).toMatchObject({ status: 200 });
      expect(runs[0]![1]).toMatchObject({ status: 429 });
      expect(runs[0]!.at(-1)).toMatchObject({ status: 429 });
      expect(runs[0]!.at(-1)!.body).toContain('Too many attempts');
      expect(runs[1]).toEqual(runs[0]);
      expect(runs[2]).toEqual(runs[0]);
      // Only the accounts got mail: a code for the pending one, a "you already have an account" note.
      expect(await listOutbox(db(), { to: unknown })).toHaveLength(0);
      const [code] = await listOutbox(db(), { to: pending });
      expect(code?.subject).toBe('Aetherfest 2027: your verification code');
      const [note] = await listOutbox(db(), { to: verified });
      expect(note?.subject).toBe('Aetherfest 2027: you already have an account');
    });

    it('resets answer an unknown e-mail and a wrong code alike, without hashing', async () => {
      const user = await quickUser(db());
      await call(forgotPassword, { body: { email: user.email } });
      const code = await latestCode(db(), user.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const before = hashesDone();
      const unknown = await call(resetPassword, {
        body: { email: uniqueEmail('ghost'), otp: wrong, newPassword: 'newpass9' },
      });
      const mistaken = await call(resetPassword, {
        body: { email: user.email, otp: wrong, newPassword: 'newpass9' },
      });
      expect(visible(unknown)).toEqual(visible(mistaken));
      expect(unknown).toMatchObject({ status: 400, body: { message: 'Invalid Otp' } });
      expect(hashesDone()).toBe(before);
    });
  });

  describe('failed logins slow down per e-mail and address', () => {
    it('makes the pair wait 1, then 2 seconds after five failures, while another address gets in', async () => {
      const clock = clockAt(new Date('2027-01-14T10:00:00Z'));
      const user = await quickUser(db());
      const ip = '203.0.113.9';
      const attempt = (password: string, from = ip) =>
        call(login, { body: { email: user.email, password }, ip: from });
      for (let i = 0; i < 5; i += 1) expect((await attempt('wrong123')).status).toBe(401);
      const waiting = await attempt('secret12');
      expect(waiting.status).toBe(429);
      expect(waiting.headers.get('retry-after')).toBe('1');
      expect(waiting.body.message).toBe('Too many attempts. Please try again in 1 second.');
      expect((await attempt('secret12', '203.0.113.10')).status).toBe(200);

      clock.advance(1_000);
      expect((await attempt('wrong123')).status).toBe(401);
      const longer = await attempt('wrong123');
      expect(longer.status).toBe(429);
      expect(longer.headers.get('retry-after')).toBe('2');
      clock.advance(2_000);
      expect((await attempt('secret12')).status).toBe(200);
      // The right password cleared the pair: five free failures again.
      for (let i = 0; i < 5; i += 1) expect((await attempt('wrong123')).status).toBe(401);
      expect((await attempt('wrong123')).status).toBe(429);
    });

    it('caps the wait at 15 minutes', () => {
      expect([4, 5, 6, 7, 14, 15, 40].map(loginDelaySeconds)).toEqual([0, 1, 2, 4, 512, 900, 900]);
    });
  });

  describe('sign-up mail is limited per e-mail', () => {
    it('sends one mail for 25 sign-ups at once and refuses past the per-e-mail limit', async () => {
      // A fixed moment well inside an hour: the limits count per clock hour, and a run that crossed one
      // (it did, in CI, at 22:00) would start a new window halfway through the 25.
      clockAt(new Date('2027-01-15T06:20:00Z'));
      const details = newRegistration();
      const statuses = [];
      for (let i = 0; i < 25; i += 1) statuses.push((await call(register, { body: details })).status);
      expect(statuses.slice(0, 6)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(statuses.slice(6))).toEqual(new Set([429]));
      expect(await listOutbox(db(), { to: details.email })).toHaveLength(1);
    });

    it('sends at most one mail a minute and six an hour', async () => {
      const clock = clockAt(new Date('2027-01-15T07:00:00Z'));
      const details = newRegistration();
      for (let i = 0; i < 25; i += 1) {
        await call(register, { body: details });
        clock.advance(61_000);
      }
      expect((await listOutbox(db(), { to: details.email })).length).toBeLessThanOrEqual(6);
    });
  });

  describe('POST /api/logout', () => {
    it('ends the bearer token and every other session of the same person', async () => {
      const user = await signedInUser(db());
      const other = await call<{ token: string }>(login, {
        body: { email: user.email, password: user.password },
      });
      const answer = await call(logout, { body: {}, token: user.token });
      expect(answer).toMatchObject({ status: 200, body: { message: 'Logged Out!' } });
      expect(answer.headers.get('set-cookie')).toMatch(/^token=; .*Max-Age=0/);
      expect((await call(verifyToken, { token: user.token })).status).toBe(401);
      expect((await call(verifyToken, { token: other.body.token })).status).toBe(401);
      expect((await call(login, { body: { email: user.email, password: user.password } })).status).toBe(200);
    });

    it('ends the session of the guard cookie when no bearer token is sent', async () => {
      const user = await quickUser(db());
      const answer = await call(logout, { body: {}, headers: { cookie: `token=${user.token}` } });
      expect(answer.status).toBe(200);
      expect((await call(verifyToken, { token: user.token })).status).toBe(401);
    });

    it('answers 200 and clears the cookie without a token, or with a bad one', async () => {
      for (const token of [undefined, 'not-a-token']) {
        const answer = await call(logout, { body: {}, token });
        expect(answer).toMatchObject({ status: 200, body: { message: 'Logged Out!' } });
        expect(answer.headers.get('set-cookie')).toMatch(/^token=; /);
      }
    });
  });

  describe('account mails', () => {
    it('never put the code in a subject', async () => {
      const user = await quickUser(db());
      const details = newRegistration();
      await call(register, { body: details });
      await call(forgotPassword, { body: { email: user.email } });
      const mails = [
        ...(await listOutbox(db(), { to: details.email })),
        ...(await listOutbox(db(), { to: user.email })),
      ];
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        expect(mail.text).toMatch(/\b\d{6}\b/);
        expect(mail.subject).not.toMatch(/\d{6}/);
      }
    });
  });

  describe('the code on a preview deployment', () => {
    const codeSent = { message: 'A new code has been sent to your e-mail.' };

    function preview(on: boolean) {
      process.env.PREVIEW = on ? 'true' : 'false';
      resetEnvForTests();
    }

    /** What an answer's Set-Cookie shows: its attributes, and the value's length in place of the value. */
    function cookieShape(answer: CallResult): string | null {
      const header = answer.headers.get('set-cookie');
      return (
        header?.replace(
          /^([^=]+)=([^;]*)/,
          (_, name: string, value: string) => `${name}=<${value.length}>`,
        ) ?? null
      );
    }

    /** The cookie a browser keeps from an answer, as it sends it back (`name=value`), or null. */
    function keptCookie(answer: CallResult): string | null {
      return answer.headers.get('set-cookie')?.split(';')[0] ?? null;
    }

    /** The code GET /api/preview-code shows a browser holding `cookie` (none: a browser without one). */
    async function shownCode(email: string, cookie: string | null) {
      const answer = await call<{ message: string; data?: { code: string | null } }>(previewCode, {
        query: `?email=${encodeURIComponent(email)}`,
        headers: cookie ? { cookie } : {},
      });
      expect(answer.status).toBe(200);
      return answer.body.data?.code;
    }

    /** The same cookie with one character of its sealed value changed. */
    function altered(cookie: string): string {
      const at = cookie.length - 30;
      return cookie.slice(0, at) + (cookie[at] === 'A' ? 'B' : 'A') + cookie.slice(at + 1);
    }

    it('answers a stranger’s verification resend without the code, so nobody can verify another’s sign-up', async () => {
      preview(true);
      const clock = clockAt(new Date('2027-01-16T10:00:00Z'));
      const details = newRegistration();
      expect((await call(register, { body: details })).status).toBe(201);
      clock.advance(61_000);
      const stranger = await call(resendOtp, { body: { email: details.email, purpose: 'verify' } });
      const code = await latestCode(db(), details.email);
      expect(stranger.status).toBe(200);
      expect(stranger.body).toEqual(codeSent);
      expect(JSON.stringify(stranger.body)).not.toContain(code);
      expect(stranger.headers.get('set-cookie')).toBeNull();
      // The code the stranger did not see is the one that verifies the account.
      expect((await call(validateOtp, { body: { email: details.email, otp: code } })).status).toBe(200);
    });

    it('answers a sign-up with a new, a pending and a verified address alike, cookie included', async () => {
      preview(true);
      const fresh = uniqueEmail('fresh');
      const pending = await pendingUser(db());
      const verified = (await quickUser(db())).email;
      const seen = [];
      for (const email of [fresh, pending, verified]) {
        const answer = await call(register, { body: newRegistration({ email }) });
        seen.push({ ...visible(answer, email), cookie: cookieShape(answer) });
      }
      expect(seen[0]).toMatchObject({
        status: 201,
        body: JSON.stringify({
          message: 'Registration Successful, Kindly Verify with OTP sent to your mail',
          data: { email: '<email>' },
        }),
      });
      expect(seen[0]!.cookie).toMatch(
        /^preview_signup=<\d+>; Path=\/api; HttpOnly; SameSite=Strict; Max-Age=86400$/,
      );
      expect(seen[1]).toEqual(seen[0]);
      expect(seen[2]).toEqual(seen[0]);

      // Outside a preview no sign-up sets a cookie.
      preview(false);
      for (const email of [uniqueEmail('fresh'), await pendingUser(db()), (await quickUser(db())).email]) {
        const answer = await call(register, { body: newRegistration({ email }) });
        expect(answer.status).toBe(201);
        expect(answer.headers.get('set-cookie')).toBeNull();
      }
    });

    it('shows the code to the browser that signed up, through resends, and to no other browser', async () => {
      preview(true);
      const clock = clockAt(new Date('2027-01-16T11:00:00Z'));
      const details = newRegistration();
      const signUp = await call(register, { body: details });
      const browser = keptCookie(signUp);
      expect(browser).toMatch(/^preview_signup=[\w-]+$/);
      const code = await latestCode(db(), details.email);
      expect(await shownCode(details.email, browser)).toBe(code);

      // Signing up again with the address (now pending) gives a cookie that shows nothing, as does having
      // no cookie, a made-up one or an altered one, or asking about another address.
      const again = keptCookie(await call(register, { body: details }));
      for (const cookie of [null, again, 'preview_signup=made-up', altered(browser!)]) {
        expect(await shownCode(details.email, cookie)).toBeNull();
      }
      expect(await shownCode(uniqueEmail('other'), browser)).toBeNull();
      // The browser that signed up and then signed up again still sees its code.
      const twice = await call(register, { body: details, headers: { cookie: browser! } });
      expect(await shownCode(details.email, keptCookie(twice))).toBe(code);

      // Its resend answers no code either, but renews its cookie with the new one.
      clock.advance(61_000);
      const resent = await call(resendOtp, {
        body: { email: details.email, purpose: 'verify' },
        headers: { cookie: browser! },
      });
      expect(resent.body).toEqual(codeSent);
      const renewed = keptCookie(resent);
      const newCode = await latestCode(db(), details.email);
      expect(await shownCode(details.email, renewed)).toBe(newCode);
      // A stranger's resend retires that code; the browser's next resend shows it the newest again.
      clock.advance(61_000);
      expect((await call(resendOtp, { body: { email: details.email, purpose: 'verify' } })).body).toEqual(
        codeSent,
      );
      clock.advance(61_000);
      const last = await call(resendOtp, {
        body: { email: details.email, purpose: 'verify' },
        headers: { cookie: renewed! },
      });
      const lastCode = await latestCode(db(), details.email);
      expect(await shownCode(details.email, keptCookie(last))).toBe(lastCode);

      // The shown code verifies the account; then there is nothing left to show.
      expect((await call(validateOtp, { body: { email: details.email, otp: lastCode } })).status).toBe(200);
      expect(await shownCode(details.email, keptCookie(last))).toBeNull();
    });

    it('shows a sign-up replaced after a day to the new browser only', async () => {
      preview(true);
      const clock = clockAt(new Date('2027-01-17T08:00:00Z'));
      const details = newRegistration();
      const first = keptCookie(await call(register, { body: details }));
      clock.advance(24 * 3_600_000 + 60_000);
      const second = keptCookie(await call(register, { body: { ...details, first_name: 'Later' } }));
      const code = await latestCode(db(), details.email);
      expect(await shownCode(details.email, first)).toBeNull();
      expect(await shownCode(details.email, second)).toBe(code);
      clock.advance(61_000);
      const resent = await call(resendOtp, {
        body: { email: details.email, purpose: 'verify' },
        headers: { cookie: first! },
      });
      expect(resent.body).toEqual(codeSent);
      expect(resent.headers.get('set-cookie')).toBeNull();
      // A reset code is never shown, nor put in the cookie, even for the browser that signed up.
      const reset = await call(resendOtp, {
        body: { email: details.email, purpose: 'reset' },
        headers: { cookie: second! },
      });
      expect(reset.body).toEqual(codeSent);
      expect(reset.headers.get('set-cookie')).toBeNull();
      const resetCode = await latestCode(db(), details.email);
      expect(await shownCode(details.email, second)).not.toBe(resetCode);
    });

    it('has no code to show outside a preview (404), and refuses a bad address with its message', async () => {
      preview(true);
      const details = newRegistration();
      const browser = keptCookie(await call(register, { body: details }));
      for (const query of ['', '?email=not-an-address', '?email=']) {
        const bad = await call(previewCode, { query, headers: { cookie: browser! } });
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({
          message: 'Invalid email address',
          errors: { email: 'Invalid email address' },
        });
      }
      preview(false);
      const answer = await call(previewCode, {
        query: `?email=${encodeURIComponent(details.email)}`,
        headers: { cookie: browser! },
      });
      expect(answer).toMatchObject({
        status: 404,
        body: { message: 'Codes are shown on screen on a preview deployment only.' },
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/\d{6}/);
    });
  });
});
