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

type Client = ReturnType<typeof postgres>;

/**
 * The client with every parameterised statement sent as a named prepared statement, in transactions and
 * savepoints too. Drizzle asks postgres.js for unnamed ones, which PostgreSQL parses and plans again on
 * every call; named, each connection does that once per distinct statement (the project has a few
 * hundred), and the server's CPU goes to the work instead.
 */
export function preparingStatements<T extends Client>(client: T): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(query, params as never, { ...options, prepare: true });
      }
      if (key === 'begin' || key === 'savepoint') {
        return (...args: unknown[]) => {
          const work = args.pop() as (scope: Client) => unknown;
          const method = Reflect.get(target, key, receiver) as (...a: unknown[]) => unknown;
          return method.call(target, ...args, (scope: Client) => work(preparingStatements(scope)));
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/** How a URL reaches its server, for reports: the socket's directory or host:port. */
export function describeConnection(url: string): string {
  const target = postgresTarget(url);
  const parsed = new URL(target.url);
  return target.path
    ? `over its Unix socket in ${new URL(url).searchParams.get('host')}`
    : `over TCP to ${parsed.host}`;
}
