import { expect, it } from 'vitest';
import { z } from 'zod';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { markStarted, markStartingForTests } from '@/lib/server/readiness';
import { POST as logout } from '@/app/api/logout/route';
import { GET as verifyToken } from '@/app/api/verify-token/route';
import { signToken } from '@/lib/server/auth/jwt';
import { users } from '@/lib/server/db/schema';
import { apiGuardMessages } from '@/lib/roles';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { eq } from 'drizzle-orm';
import { quickUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-db';

const noParams = { params: Promise.resolve({}) };

function get(query: string, headers: Record<string, string> = {}) {
  return new Request(`http://test/api/x${query}`, { headers });
}

// Compile-time half of the auth typing: tsc fails if an open route's handler could read `user`.
apiRoute({}, async (ctx) => {
  // @ts-expect-error an open route has no caller, so its context has no user
  return { message: String(ctx.user) };
});

function post(body: string, headers: Record<string, string> = {}) {
  return new Request('http://test/api/x', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describeEachDatabase('API plumbing', (current) => {
  it('readiness answers 503 while the instance starts, then 200 with the database up', async () => {
    markStartingForTests();
    const starting = await ready();
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({
      message: 'This instance is still starting.',
      data: { ready: false },
    });
    expect(await health().json()).toEqual({ message: 'ok', data: { live: true, ready: false } });
    markStarted();
    const response = await ready();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'ready', data: { ready: true, database: 'up' } });
    expect(health().status).toBe(200);
  });

  const echo = apiRoute(
    { body: z.object({ name: z.string().min(1, 'Name is required') }) },
    async ({ body }) => ({
      message: `Hello ${body.name}`,
      data: body,
    }),
  );

  it('parses the body with its schema and answers { message, data }', async () => {
    const response = await echo(post('{"name":"Asha"}'), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Hello Asha', data: { name: 'Asha' } });
  });

  it('answers 400 with per-field errors for invalid input', async () => {
    const response = await echo(post('{"name":""}'), noParams);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Name is required',
      errors: { name: 'Name is required' },
    });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await echo(post('{oops'), noParams);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('The request body must be valid JSON.');
  });

  const filtered = apiRoute(
    {
      query: z.object({
        page: z.coerce
          .number('The page must be a number.')
          .int('The page must be a whole number.')
          .default(1),
        q: z.string().optional(),
      }),
    },
    async ({ query }) => ({ message: 'Filtered', data: query }),
  );

  it('parses the query string with its schema: the first of a repeated key, blank fields left out', async () => {
    const response = await filtered(get('?page=2&page=5&q=%20%20&other='), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Filtered', data: { page: 2 } });
  });

  it('answers 400 with per-field errors for an invalid query string, as for an invalid body', async () => {
    const response = await filtered(get('?page=two&q=kestrel'), noParams);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The page must be a number.',
      errors: { page: 'The page must be a number.' },
    });
  });

  it("hands a 'text' body over exactly as sent, unparsed", async () => {
    const raw = apiRoute({ body: 'text' }, async ({ body }) => ({ message: 'Raw', data: { body } }));
    for (const sent of ['{ "b": 1,  "a": 2 }', '{oops', '']) {
      const response = await raw(post(sent), noParams);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: 'Raw', data: { body: sent } });
    }
  });

  it('gives a route with auth its caller, 401 without a token and 403 for a role not on its list', async () => {
    const whoAmI = apiRoute({ auth: true }, async ({ user }) => ({ message: user.email }));
    const adminsOnly = apiRoute({ auth: ['admin'] }, async ({ user }) => ({ message: user.role }));
    const person = await quickUser(current().db);
    const bearer = { authorization: `Bearer ${person.token}` };

    const anonymous = await whoAmI(get(''), noParams);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: apiGuardMessages.login });
    const mine = await whoAmI(get('', bearer), noParams);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({ message: person.email });
    const refused = await adminsOnly(get('', bearer), noParams);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: apiGuardMessages.unauthorized });
  });

  it('maps AppError codes to statuses and Retry-After', async () => {
    const limited = apiRoute({}, async () => {
      throw new AppError('rate_limited', 'Too many tries. Try again in 60 seconds.', { retryAfter: 60 });
    });
    const response = await limited(post('{}'), noParams);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
    expect((await response.json()).message).toBe('Too many tries. Try again in 60 seconds.');
  });

  it('hides unexpected errors behind a generic 500 with a request id', async () => {
    const broken = apiRoute({}, async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const response = await broken(post('{}'), noParams);
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.message).toBe('Something went wrong on our side. Please try again.');
    expect(JSON.stringify(body)).not.toContain('secret_table');
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('verify-token answers 401 without a token, for a forged one, and after the token version changes', async () => {
    const { db } = current();
    const [user] = await db
      .insert(users)
      .values({
        email: 'token@example.com',
        passwordHash: 'x',
        firstName: 'Tara',
        lastName: 'K',
        phoneNumber: '9000000001',
        dob: '2001-05-05',
        gender: 'female',
        college: 'Test',
        verified: true,
      })
      .returning();
    if (!user) throw new Error('no user');
    const token = await signToken({
      userId: user.id,
      email: user.email,
      role: user.role,
      tv: user.tokenVersion,
    });
    const call = (t?: string) =>
      verifyToken(
        new Request('http://test/api/verify-token', { headers: t ? { authorization: `Bearer ${t}` } : {} }),
        noParams,
      );

    expect((await call()).status).toBe(401);
    expect((await call(token)).status).toBe(200);
    const [header, payload] = token.split('.');
    expect((await call(`${header}.${payload}.forged-signature`)).status).toBe(401);
    await db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, user.id));
    expect((await call(token)).status).toBe(401);
    // Found by the fuzzing test: a well-signed token whose account id is no uuid was a 500 (the database
    // refused the id); it names nobody, so it is a 401.
    for (const userId of ['not-a-uuid', '1', `${user.id}\u0000`]) {
      const odd = await signToken({ userId, email: user.email, role: user.role, tv: user.tokenVersion });
      expect((await call(odd)).status, userId).toBe(401);
    }
  });

  it('logout clears the guard cookie', async () => {
    const response = await logout(post('{}'), noParams);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^token=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
  });
});
