import http from 'node:http';
import { expect, test } from '@playwright/test';
import { clusterPorts } from './support/cluster';
import { skipWithoutCluster } from './support/contexts';

/*
 * nginx in front of the instances (deploy/nginx/festival.conf.template): text compressed, answers spread
 * over the instances, nothing private kept in its cache, and the visitor's address passed on.
 */

skipWithoutCluster();

test('pages come through the proxy compressed and its health probe answers', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  const home = await request.get('/', { headers: { 'accept-encoding': 'gzip' } });
  expect(home.ok()).toBe(true);
  expect(home.headers()['content-encoding']).toBe('gzip');
  expect(home.headers()['x-cache-status']).toBeDefined();
});

test('requests with Authorization bypass the cache, and no-store answers are never served from it', async ({
  request,
}) => {
  const withToken = await request.get('/api/verify-token', {
    headers: { authorization: 'Bearer not-a-token' },
  });
  expect(withToken.headers()['x-cache-status']).toBe('BYPASS');
  for (let i = 0; i < 2; i += 1) {
    const health = await request.get('/api/health');
    expect(health.headers()['x-cache-status']).not.toBe('HIT');
  }
});

test('static files and public pages are kept by nginx', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const script = home.match(/\/_next\/static\/[^"]+\.js/)?.[0];
  expect(script, 'the home page loads a script from /_next/static').toBeDefined();
  await request.get(script!);
  const again = await request.get(script!);
  expect(again.headers()['x-cache-status']).toBe('HIT');

  // /event is public: nginx keeps it for as long as the app's s-maxage says, and serves the copy.
  const first = await request.get('/event');
  expect(first.headers()['cache-control']).toMatch(/^public, s-maxage=\d+/);
  expect(first.headers()['set-cookie']).toBeUndefined();
  const second = await request.get('/event');
  expect(['HIT', 'STALE', 'UPDATING', 'REVALIDATED']).toContain(second.headers()['x-cache-status']);
});

test('a page built with the deployment is kept briefly, so the next deployment replaces it', async ({
  request,
}) => {
  // Next's own header for a page prerendered at build is a year (s-maxage=31536000): nginx's cache on disk
  // would outlive the deployment and keep a page whose stylesheet and scripts the new build lacks.
  for (const path of ['/', '/contact', '/terms-and-condition']) {
    const page = await request.get(path);
    expect(page.headers()['cache-control'], path).toBe('public, s-maxage=10, stale-while-revalidate=60');
  }
});

/** A login attempt through nginx from the loopback address `from` (127.0.0.0/8 is all this machine's). */
function loginFrom(from: string, email: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({ email, password: 'wrong-password' });
  return new Promise((resolve, reject) => {
    const call = http.request(
      {
        host: '127.0.0.1',
        port: clusterPorts.proxy,
        path: '/api/login',
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

test('the per-address limits see the visitor that nginx saw, whatever X-Forwarded-For it sends', async () => {
  const email = `nobody.${Date.now()}@example.com`;
  // Wrong passwords from one visitor run into the login delay of its (e-mail, address) pair.
  let status = 0;
  for (let i = 0; i < 20 && status !== 429; i += 1) status = await loginFrom('127.0.0.2', email);
  expect(status).toBe(429);
  // The same visitor cannot escape it by naming another address: the app takes the address nginx appended.
  expect(await loginFrom('127.0.0.2', email, '10.9.8.7')).toBe(429);
  // Another visitor is not held up by the first one's failures.
  expect(await loginFrom('127.0.0.3', email)).toBe(401);
});
