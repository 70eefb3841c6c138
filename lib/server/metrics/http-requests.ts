import type http from 'node:http';
import { addRequestHook } from '@/lib/server/http/request-hooks';
import { metrics } from './registry';
import { routeOf } from './route-patterns';

/**
 * Counts and times every request the server answers, from its arrival to the end of its answer, by route
 * pattern (route-patterns.ts) and status. Measured around Next rather than in the API's handler wrapper, so
 * pages, files, the sandbox and the starting gate's answers count too. A client that leaves before the
 * answer is complete is counted with the status `aborted`.
 */

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Records one request's answer once it is over (exported for tests). */
export function measureRequest(request: http.IncomingMessage, response: http.ServerResponse): false {
  const started = process.hrtime.bigint();
  const method = knownMethods.has(request.method ?? '') ? (request.method as string) : 'other';
  const route = routeOf((request.url ?? '/').split('?')[0] ?? '/');
  response.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = response.writableFinished ? String(response.statusCode) : 'aborted';
    const { httpRequests, httpDuration } = metrics();
    httpRequests.labels(method, route, status).inc();
    httpDuration.labels(method, route).observe(seconds);
  });
  return false;
}

/** Installs the measurement on every request (instrumentation.ts). */
export function installRequestMetrics(): void {
  addRequestHook('request-metrics', measureRequest);
}
