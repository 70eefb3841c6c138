import postgres from 'postgres';

/*
 * A PostgreSQL URL may name a Unix socket the way libpq does: `?host=/var/run/postgresql` (the directory the
 * server's socket is in; the URL's port picks the socket file). postgres.js takes that as its `path`
 * option and does not understand the parameter itself, so every connection the project opens goes through
 * here. On the same machine the socket spares each statement a trip through the TCP stack.
 */

/** The URL without a socket `host` parameter, and the socket file it named (if any). */
export function postgresTarget(url: string): { url: string; path?: string } {
  const parsed = new URL(url);
  const directory = parsed.searchParams.get('host');
  if (!directory?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), path: `${directory}/.s.PGSQL.${parsed.port || '5432'}` };
}

/** postgres.js's client for a URL, over the Unix socket when the URL names one. */
export function connectPostgres(url: string, options: postgres.Options<Record<string, never>> = {}) {
  const target = postgresTarget(url);
  return postgres(target.url, target.path ? { ...options, path: target.path } : options);
}

/** How a URL reaches its server, for reports: the socket's directory or host:port. */
export function describeConnection(url: string): string {
  const target = postgresTarget(url);
  const parsed = new URL(target.url);
  return target.path
    ? `over its Unix socket in ${new URL(url).searchParams.get('host')}`
    : `over TCP to ${parsed.host}`;
}
