// Runs once when a server instance starts: validate configuration, prepare the database, start workers.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Before anything else: every request from now on carries the socket's address for clientIp.
  (await import('./lib/server/http/peer-address')).installPeerAddress();
  const { startServer } = await import('./lib/server/startup');
  await startServer();
}
