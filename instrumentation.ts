// Runs once when a server instance starts: validate configuration, prepare the database, start workers.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Before anything else: every request from now on carries the socket's address for clientIp.
  (await import('./lib/server/http/peer-address')).installPeerAddress();
  // Every request counted and timed (lib/server/metrics), the starting gate's answers included.
  (await import('./lib/server/metrics/http-requests')).installRequestMetrics();
  // Until the start below is over: alive (GET /api/health), not ready (503 to everything else).
  (await import('./lib/server/http/starting-gate')).installStartingGate();
  // Next gzips every answer at zlib's default level, with no setting for it: see compression-level.ts.
  (await import('./lib/server/http/compression-level')).installCompressionLevel();
  // Next's redirect of an RSC request with a missing or wrong `_rsc` must not be kept by a shared cache.
  (await import('./lib/server/http/rsc-redirects')).installPrivateRscRedirects();
  // The start (and the exit of a production server that cannot start) lives in a Node-only module: this
  // file is also compiled for the edge runtime, where `process.exit` is refused (and `next dev` said so,
  // in red, on every request).
  await (await import('./lib/server/startup')).startServerOrExit();
}
