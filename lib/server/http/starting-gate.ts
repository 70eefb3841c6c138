import type http from 'node:http';
import { runsAsFunction } from '@/lib/server/function-platform';
import { hasStarted } from '@/lib/server/readiness';
import { addRequestHook } from './request-hooks';

/**
 * What a server answers while it is still starting (migrating the database, for one). Next holds every
 * request until its start is over, so without this a request to a starting instance hangs, the health probe
 * included: a platform would take a long migration for a dead process, and a proxy would keep sending
 * visitors there. So, until startServer says it is done:
 * - GET /api/health (liveness) answers 200: the process is alive;
 * - GET /api/ready (readiness) answers 503: it is not ready;
 * - everything else answers 503 with Retry-After, which nginx (proxy_next_upstream http_503) takes as
 *   "try the next instance" for a GET and which a browser's retry meets again a few seconds later.
 */

export const startingMessage = 'The site is starting; please try again in a few seconds.';
/** Readiness's answer while the instance starts (GET /api/ready, here and in its route). */
export const notReadyMessage = 'This instance is still starting.';
/** Seconds a client is asked to wait before trying a starting instance again. */
export const startingRetryAfterSeconds = 5;

function answer(response: http.ServerResponse, status: number, body: unknown, headers = {}): true {
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'private, no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
  return true;
}

/** The starting gate's answer to one request, or false to let Next answer it (exported for tests). */
export function gateWhileStarting(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (hasStarted()) return false;
  const pathname = (request.url ?? '/').split('?')[0];
  if (pathname === '/api/health') {
    return answer(response, 200, { message: 'ok', data: { live: true, ready: false } });
  }
  const message = pathname === '/api/ready' ? notReadyMessage : startingMessage;
  return answer(
    response,
    503,
    { message, data: { ready: false } },
    { 'retry-after': String(startingRetryAfterSeconds) },
  );
}

/**
 * Whether the gate belongs in this process: a long-lived production server. Not `next dev`, whose start
 * errors must reach its overlay, and not a serverless function, whose platform sends the request that woke
 * it only to be answered once it has started (a 503 there would fail every cold start's first request).
 */
export function startingGateApplies(environment: NodeJS.ProcessEnv = process.env): boolean {
  if (environment.NODE_ENV !== 'production') return false;
  return !runsAsFunction(environment);
}

/** Installs the gate where it applies (instrumentation.ts). */
export function installStartingGate(): void {
  if (startingGateApplies()) addRequestHook('starting-gate', gateWhileStarting);
}
