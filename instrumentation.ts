// Runs once when a server instance starts: validate configuration, prepare the database, start workers.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('./lib/server/startup');
  await startServer();
}
