// Runs once when a server instance starts: validate configuration, prepare the database, start workers.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Before anything else: every request from now on carries the socket's address for clientIp.
  (await import('./lib/server/http/peer-address')).installPeerAddress();
  // Next gzips every answer at zlib's default level, with no setting for it: see compression-level.ts.
  (await import('./lib/server/http/compression-level')).installCompressionLevel();
  // Next's redirect of an RSC request with a missing or wrong `_rsc` must not be kept by a shared cache.
  (await import('./lib/server/http/rsc-redirects')).installPrivateRscRedirects();
  const { startServer } = await import('./lib/server/startup');
  try {
    await startServer();
  } catch (error) {
    // Next only logs a failed start and goes on answering with errors; a production server that cannot
    // start properly (missing secrets, no database) must stop, so its supervisor sees it and says why.
    if (process.env.NODE_ENV !== 'production') throw error;
    console.error(`The server cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
