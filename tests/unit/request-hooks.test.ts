import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateWhileStarting, startingGateApplies, startingMessage } from '@/lib/server/http/starting-gate';
import { addRequestHook } from '@/lib/server/http/request-hooks';
import { measureRequest } from '@/lib/server/metrics/http-requests';
import { metrics } from '@/lib/server/metrics/registry';
import { markStarted, markStartingForTests } from '@/lib/server/readiness';

/*
 * What a server does before the app sees a request: the starting gate's answers while the instance starts,
 * and every request counted and timed by its route. Through a real HTTP server, as Next's is.
 */
describe('the hooks on every request', () => {
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    addRequestHook('request-metrics', measureRequest);
    addRequestHook('starting-gate', gateWhileStarting);
    server = http.createServer((request, response) => {
      response.writeHead(request.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' });
      response.end('from the app');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    markStarted();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('while the instance starts: alive, not ready, and 503 with Retry-After for the rest', async () => {
    markStartingForTests();
    const live = await fetch(`${base}/api/health`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ message: 'ok', data: { live: true, ready: false } });
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    const page = await fetch(`${base}/event?x=1`);
    expect(page.status).toBe(503);
    expect(await page.json()).toEqual({ message: startingMessage, data: { ready: false } });
  });

  it('once started, lets every request through to the app', async () => {
    markStarted();
    const page = await fetch(`${base}/event`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('from the app');
  });

  it('counts each request by method, route and status, and times it', async () => {
    markStarted();
    const { httpRequests, httpDuration } = metrics();
    const counted = async (status: string) =>
      (await httpRequests.get()).values.find(
        (v) => v.labels.route === 'unmatched' && v.labels.method === 'GET' && v.labels.status === status,
      )?.value ?? 0;
    const timed = async () =>
      (await httpDuration.get()).values.find(
        (v) =>
          v.metricName?.endsWith('_count') && v.labels.route === 'unmatched' && v.labels.method === 'GET',
      )?.value ?? 0;
    const before = { ok: await counted('200'), missing: await counted('404'), timed: await timed() };
    await (await fetch(`${base}/some/page`)).text();
    await (await fetch(`${base}/missing`)).text();
    // The answer is counted when the response closes, just after the client has it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await counted('200')).toBe(before.ok + 1);
    expect(await counted('404')).toBe(before.missing + 1);
    expect(await timed()).toBe(before.timed + 2);
  });

  it('applies the gate to a long-lived production server only', () => {
    expect(startingGateApplies({ NODE_ENV: 'production' })).toBe(true);
    expect(startingGateApplies({ NODE_ENV: 'development' })).toBe(false);
    expect(startingGateApplies({ NODE_ENV: 'production', VERCEL: '1' })).toBe(false);
    expect(startingGateApplies({ NODE_ENV: 'production', NETLIFY: 'true' })).toBe(false);
    expect(startingGateApplies({ NODE_ENV: 'production', AWS_LAMBDA_FUNCTION_NAME: 'f' })).toBe(false);
  });
});
