import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/*
 * Test accounts made through the API (register, the mailed code from the development outbox, validate,
 * log in), and signing a browser page in with one. Shared by every spec that needs a signed-in user.
 */

export interface AccountFields {
  first_name: string;
  last_name: string;
  phone_number: string;
  DOB: string;
  gender: 'male' | 'female' | 'other';
  Clg: string;
  email: string;
  password: string;
}

export interface TestAccount extends AccountFields {
  token: string;
  userId: string;
}

let sequence = 0;

/** An e-mail address no other test (or earlier run) uses. */
export function uniqueEmail(label = 'wizard', domain = 'example.com'): string {
  sequence += 1;
  const nonce = Math.random().toString(36).slice(2, 8);
  return `${label}.${Date.now()}.${sequence}.${nonce}@${domain}`;
}

/**
 * Each account is made from its own client address, so the accounts of a whole test run never add up to
 * the per-IP sign-up limit that every spec shares (the app reads the client address from X-Forwarded-For).
 */
function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export interface OutboxMail {
  subject: string;
  text: string;
}

/**
 * The mails kept for `email`, newest first. The end-to-end server runs as a preview deployment, whose
 * outbox only organisers may read, so it is read with the seeded organiser's token.
 */
export async function outboxFor(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const { token } = await organiserAccount(request);
  const answer = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: OutboxMail[] }).data;
}

/** The code in the newest mail to `email` (its only six-digit number). */
async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const data = await outboxFor(request, email);
      code = data[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A registered, verified and logged-in account; `overrides` replaces any registration field. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  overrides: Partial<AccountFields> = {},
): Promise<TestAccount> {
  const fields: AccountFields = {
    first_name: 'Asha',
    last_name: 'Mehta',
    phone_number: '9876543210',
    DOB: '2000-03-05',
    gender: 'female',
    Clg: 'Gandhinagar Institute of Magic',
    email: uniqueEmail(),
    password: 'nimbus2000',
    ...overrides,
  };
  const headers = { 'x-forwarded-for': clientAddress() };
  const registered = await request.post('/api/register', { data: fields, headers });
  expect(registered.status(), await registered.text()).toBe(201);
  const otp = await mailedCode(request, fields.email);
  const validated = await request.post('/api/validate-otp', { data: { email: fields.email, otp }, headers });
  expect(validated.ok(), await validated.text()).toBe(true);
  const login = await request.post('/api/login', {
    data: { email: fields.email, password: fields.password },
    headers,
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const userId = claimsOf(token).userId;
  expect(typeof userId).toBe('string');
  return { ...fields, token, userId: userId as string };
}

/**
 * Only the httpOnly guard cookie of `account` (what proxy.ts and a page rendered for its visitor read),
 * without the token the app keeps in the tab: signIn adds that too.
 */
export async function setGuardCookie(context: BrowserContext, account: TestAccount): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('setGuardCookie needs the baseURL of playwright.config.ts');
  await context.addCookies([{ name: 'token', value: account.token, url: baseURL }]);
}

/**
 * Signs `page` in as `account`: the token in local storage (read by the app) and the httpOnly guard
 * cookie (read by proxy.ts). The token is stored once per tab, so a logout during the test sticks.
 */
export async function signIn(page: Page, account: TestAccount): Promise<void> {
  await setGuardCookie(page.context(), account);
  await page.addInitScript((token: string) => {
    try {
      if (window.sessionStorage.getItem('e2e:signed-in') === token) return;
      window.localStorage.setItem('token', token);
      window.sessionStorage.setItem('e2e:signed-in', token);
    } catch {
      // about:blank has no storage; the next document sets it.
    }
  }, account.token);
}

/** The signed-in user's profile, read with their own token. */
export async function profileOf(request: APIRequestContext, account: TestAccount) {
  const answer = await request.get(`/api/my-profile/${encodeURIComponent(account.userId)}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { data } = (await answer.json()) as {
    data: { registrationsDetails: { eventId: number; eventName: string; eventCategoryName: string }[] };
  };
  return data;
}

/** The local organiser account the seed makes when DEV_ORGANISER is on (README; playwright.config.ts). */
export const devOrganiserLogin = { email: 'organiser@aetherfest.example', password: 'Organiser@2027' };

/*
 * The seeded organiser's token, fetched once per test worker: every console spec signs in as this one
 * account, and logging it in for each test would trip the login limits (as it should).
 */
let organiserToken: Promise<string> | undefined;

async function loginOrganiser(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/login', {
    data: devOrganiserLogin,
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** The seeded organiser, logged in through the API; signs a page in with signIn(). */
export async function organiserAccount(request: APIRequestContext): Promise<TestAccount> {
  organiserToken ??= loginOrganiser(request).catch((error: unknown) => {
    organiserToken = undefined;
    throw error;
  });
  const token = await organiserToken;
  return {
    first_name: 'Festival',
    last_name: 'Organiser',
    phone_number: '9000000000',
    DOB: '2000-01-01',
    gender: 'other',
    Clg: 'Festival Committee',
    ...devOrganiserLogin,
    token,
    userId: claimsOf(token).userId as string,
  };
}

/** The console API as `organiser`: each call is expected to succeed and answers its `data`. */
export function consoleApi(request: APIRequestContext, organiser: TestAccount) {
  const headers = { authorization: `Bearer ${organiser.token}` };
  return async <T>(
    method: 'get' | 'post' | 'patch' | 'put' | 'delete',
    path: string,
    data?: unknown,
  ): Promise<T> => {
    const answer = await request[method](path, { headers, data });
    expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
    return ((await answer.json()) as { data: T }).data;
  };
}
