import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as auditLog } from '@/app/api/admin/audit/route';
import { PATCH as setRoleRoute } from '@/app/api/admin/users/[id]/role/route';
import { GET as searchUsers } from '@/app/api/admin/users/route';
import { proxy } from '@/proxy';
import { call } from '../support/api';
import { quickUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-db';

// Content writes revalidate cached pages; outside a Next request there is nothing to revalidate.
vi.mock('next/cache', async (original) => ({
  ...(await original<typeof import('next/cache')>()),
  revalidateTag: vi.fn(),
}));

/*
 * Every route handler under app/api/admin, found on disk, so a route added later is covered without
 * anyone remembering to list it here. Only SPEC.md's public reads and the participants' upload are open.
 */
const adminApiRoot = path.resolve('app/api/admin');
const openRoutes: Record<string, string[]> = {
  'event-category/get-event-category': ['GET'],
  'event-category/get-events-by-category/[categoryId]': ['GET'],
  'team/get-team': ['GET'],
  getSponsors: ['GET'],
  // SPEC.md's identity-proof upload for accommodation: any signed-in participant.
  upload: ['POST'],
};
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

interface GuardedRoute {
  route: string;
  /** The route's address with every dynamic segment filled in. */
  url: string;
  method: (typeof methods)[number];
  handler: Parameters<typeof call>[0];
  params: Record<string, string>;
}

async function guardedRoutes(): Promise<GuardedRoute[]> {
  const found: GuardedRoute[] = [];
  for (const file of routeFiles(adminApiRoot)) {
    const route = path.relative(adminApiRoot, path.dirname(file)).split(path.sep).join('/');
    const routeModule = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    // Any value fits a dynamic segment: the role check comes before the id is even read.
    const params = Object.fromEntries(
      [...route.matchAll(/\[(\w+)\]/g)].map((m) => [m[1]!, '11111111-1111-4111-8111-111111111111']),
    );
    for (const method of methods) {
      const handler = routeModule[method];
      if (typeof handler !== 'function' || openRoutes[route]?.includes(method)) continue;
      const url = `http://localhost/api/admin/${route.replace(/\[(\w+)\]/g, (_, name: string) => params[name]!)}`;
      found.push({ route, url, method, handler: handler as GuardedRoute['handler'], params });
    }
  }
  return found;
}

describeEachDatabase('the console API', (current) => {
  let routes: GuardedRoute[] = [];
  let userToken = '';
  beforeAll(async () => {
    routes = await guardedRoutes();
    userToken = (await quickUser(current().db)).token;
  });

  it('finds the console routes on disk', () => {
    expect(routes.map((r) => `${r.method} ${r.route}`)).toEqual(
      expect.arrayContaining(['GET audit', 'GET users', 'PATCH users/[id]/role']),
    );
  });

  it('refuses every console route to signed-out callers (401) and to participants (403)', async () => {
    for (const r of routes) {
      const anonymous = await call(r.handler, { method: r.method, params: r.params, body: {} });
      expect(anonymous.status, `${r.method} /api/admin/${r.route} signed out`).toBe(401);
      const participant = await call(r.handler, {
        method: r.method,
        params: r.params,
        body: {},
        token: userToken,
      });
      expect(participant.status, `${r.method} /api/admin/${r.route} as a participant`).toBe(403);
      expect(participant.body).toMatchObject({ message: 'You do not have permission to do this.' });
    }
  });

  /** What proxy.ts answers: the refusal's status and message, or 'through' when it lets the call pass. */
  async function throughProxy(method: string, url: string, headers: Record<string, string> = {}) {
    const answer = await proxy(new NextRequest(url, { method, headers }));
    if (answer.headers.get('x-middleware-next') === '1') return 'through';
    return { status: answer.status, message: ((await answer.json()) as { message: string }).message };
  }

  /** The console calls a volunteer may make: the gate's check-in and taking attendance. */
  const volunteerRoute = (r: GuardedRoute) =>
    (r.route === 'check-in' && r.method === 'POST') ||
    r.route === 'attendance' ||
    r.route.startsWith('attendance/');

  it('lets a volunteer make the check-in and attendance calls alone (403 for every other, in the handler and in proxy.ts)', async () => {
    const volunteer = await quickUser(current().db, { role: 'volunteer' });
    const headers = { authorization: `Bearer ${volunteer.token}` };
    const allowed = routes.filter(volunteerRoute).map((r) => `${r.method} ${r.route}`);
    expect(allowed).toEqual(
      expect.arrayContaining([
        'POST check-in',
        'POST attendance',
        'POST attendance/batch',
        'GET attendance/sessions',
      ]),
    );
    for (const r of routes) {
      const answer = await call(r.handler, {
        method: r.method,
        params: r.params,
        body: {},
        token: volunteer.token,
      });
      const proxied = await throughProxy(r.method, r.url, headers);
      if (volunteerRoute(r)) {
        expect(answer.status, `${r.method} /api/admin/${r.route} as a volunteer`).not.toBe(403);
        expect(proxied, `${r.method} ${r.url} volunteer`).toBe('through');
      } else {
        expect(answer.status, `${r.method} /api/admin/${r.route} as a volunteer`).toBe(403);
        expect(proxied, `${r.method} ${r.url} volunteer`).toEqual({
          status: 403,
          message: 'You do not have permission to do this.',
        });
      }
    }
  });

  it('has proxy.ts send a volunteer to /unauthorized from every console page but Check-in and Attendance', async () => {
    const volunteer = await quickUser(current().db, { role: 'volunteer' });
    const page = async (pathname: string) => {
      const answer = await proxy(
        new NextRequest(`http://localhost${pathname}`, { headers: { cookie: `token=${volunteer.token}` } }),
      );
      if (answer.headers.get('x-middleware-next') === '1') return 'through';
      return new URL(answer.headers.get('location') ?? '', 'http://localhost').pathname;
    };
    for (const pathname of ['/admin/check-in', '/admin/attendance', '/admin/attendance/7']) {
      expect(await page(pathname), pathname).toBe('through');
    }
    for (const pathname of [
      '/admin',
      '/admin/registrations',
      '/admin/content/events',
      '/admin/audit',
      '/admin/people',
    ]) {
      expect(await page(pathname), pathname).toBe('/unauthorized');
    }
  });

  it('has proxy.ts refuse every console route to signed-out callers and participants before any handler runs', async () => {
    const participant = { authorization: `Bearer ${userToken}` };
    for (const r of routes) {
      expect(await throughProxy(r.method, r.url), `${r.method} ${r.url} signed out`).toEqual({
        status: 401,
        message: 'Please log in to continue.',
      });
      expect(await throughProxy(r.method, r.url, participant), `${r.method} ${r.url} participant`).toEqual({
        status: 403,
        message: 'You do not have permission to do this.',
      });
    }
  });

  it('has proxy.ts let organisers through, keep roles for admins, and leave the public reads and the upload open', async () => {
    const organiser = await quickUser(current().db, { role: 'organiser' });
    const admin = await quickUser(current().db, { role: 'admin' });
    const asOrganiser = { authorization: `Bearer ${organiser.token}` };
    const base = 'http://localhost/api/admin';
    expect(await throughProxy('POST', `${base}/event-category`, asOrganiser)).toBe('through');
    expect(await throughProxy('GET', `${base}/users?q=a`, asOrganiser)).toEqual({
      status: 403,
      message: 'You do not have permission to do this.',
    });
    expect(
      await throughProxy('PATCH', `${base}/users/x/role`, { authorization: `Bearer ${admin.token}` }),
    ).toBe('through');
    expect(await throughProxy('GET', `${base}/event-category/get-event-category`)).toBe('through');
    expect(await throughProxy('GET', `${base}/event-category/get-events-by-category/abc`)).toBe('through');
    expect(await throughProxy('GET', `${base}/team/get-team`)).toBe('through');
    expect(await throughProxy('GET', `${base}/getSponsors`)).toBe('through');
    // The public reads are reads only: writing to their addresses is the organisers' (and refused here).
    expect(await throughProxy('POST', `${base}/getSponsors`)).toMatchObject({ status: 401 });
    expect(await throughProxy('POST', `${base}/upload`)).toMatchObject({ status: 401 });
    expect(await throughProxy('POST', `${base}/upload`, { authorization: `Bearer ${userToken}` })).toBe(
      'through',
    );
    // A forged token is no token; the guard cookie counts for reads (export links) but never for writes.
    expect(
      await throughProxy('GET', `${base}/registrations`, { authorization: 'Bearer not.a.token' }),
    ).toEqual({ status: 401, message: 'Please log in to continue.' });
    const cookie = { cookie: `token=${organiser.token}` };
    expect(await throughProxy('GET', `${base}/export/registrations.csv`, cookie)).toBe('through');
    expect(await throughProxy('POST', `${base}/event-category`, cookie)).toMatchObject({ status: 401 });
  });

  describe('roles', () => {
    it('lets only admins list people and change roles', async () => {
      const organiser = await quickUser(current().db, { role: 'organiser' });
      const refused = await call(searchUsers, { token: organiser.token });
      expect(refused.status).toBe(403);

      const admin = await quickUser(current().db, { role: 'admin' });
      const person = await quickUser(current().db);
      const listed = await call<{ data: { email: string; role: string }[] }>(searchUsers, {
        token: admin.token,
        method: 'GET',
      });
      expect(listed.status).toBe(200);

      const promoted = await call<{ data: { role: string } }>(setRoleRoute, {
        method: 'PATCH',
        token: admin.token,
        params: { id: person.userId },
        body: { role: 'organiser' },
      });
      expect(promoted.status).toBe(200);
      expect(promoted.body.data.role).toBe('organiser');

      // The handler reads the role afresh, so the token issued before the change already works here;
      // proxy.ts, which reads the token's claims, lets the new organiser in from the next sign-in.
      const audit = await call<{
        data: { action: string; entityId: string; before: unknown; after: unknown }[];
      }>(auditLog, { token: person.token });
      expect(audit.status).toBe(200);
      expect(audit.body.data).toContainEqual(
        expect.objectContaining({
          action: 'role',
          entityId: person.userId,
          before: { email: person.email, role: 'user' },
          after: { email: person.email, role: 'organiser' },
        }),
      );
      expect(listed.body.data.length).toBeGreaterThan(0);
    });

    it('answers 400 for an unknown role and 404 for an unknown account', async () => {
      const admin = await quickUser(current().db, { role: 'admin' });
      const badRole = await call(setRoleRoute, {
        method: 'PATCH',
        token: admin.token,
        params: { id: admin.userId },
        body: { role: 'wizard' },
      });
      expect(badRole.status).toBe(400);
      expect(badRole.body).toMatchObject({ message: 'Choose a role: user, volunteer, organiser or admin.' });
      const unknown = await call(setRoleRoute, {
        method: 'PATCH',
        token: admin.token,
        params: { id: 'not-a-uuid' },
        body: { role: 'user' },
      });
      expect(unknown.status).toBe(404);
    });

    it('never demotes the only admin', async () => {
      const db = current().db;
      const { users } = await import('@/lib/server/db/schema');
      const { eq } = await import('drizzle-orm');
      // Leave exactly one admin in this database.
      await db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
      const admin = await quickUser(db, { role: 'admin' });
      const refused = await call(setRoleRoute, {
        method: 'PATCH',
        token: admin.token,
        params: { id: admin.userId },
        body: { role: 'organiser' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: 'This is the only admin. Make someone else an admin first.',
      });
    });

    it('keeps one admin when two admins demote each other at the same moment', async () => {
      const db = current().db;
      const { users } = await import('@/lib/server/db/schema');
      const { eq } = await import('drizzle-orm');
      await db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
      const first = await quickUser(db, { role: 'admin' });
      const second = await quickUser(db, { role: 'admin' });
      const answers = await Promise.all([
        call(setRoleRoute, {
          method: 'PATCH',
          token: first.token,
          params: { id: second.userId },
          body: { role: 'user' },
        }),
        call(setRoleRoute, {
          method: 'PATCH',
          token: second.token,
          params: { id: first.userId },
          body: { role: 'user' },
        }),
      ]);
      // One demotion goes through; the other is refused, either as the last admin or (having just lost
      // the role itself) as no longer allowed.
      expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
      expect([403, 409]).toContain(answers.map((a) => a.status).sort()[1]);
      const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    });
  });
});
