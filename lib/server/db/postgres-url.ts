import net from 'node:net';
import { Duplex } from 'node:stream';
import postgres from 'postgres';
import {
  formatPostgresUrl,
  parsePostgresUrl,
  serverMatches,
  targetSessionAttrs,
  type PostgresAddress,
  type PostgresUrl,
  type SessionAttrs,
} from './connection-string';

/*
 * Every connection the project opens goes through here, for two forms of URL postgres.js does not serve
 * as the project needs:
 *
 * - A Unix socket the way libpq names one: `?host=/var/run/postgresql` (the directory the server's socket
 *   is in; the URL's port picks the socket file). postgres.js takes that as its `path` option and does not
 *   understand the parameter itself. On the same machine the socket spares each statement a trip through
 *   the TCP stack.
 * - Several servers, a primary and its standby: `postgres://app@db1:5432,db2:5432/festival?
 *   target_session_attrs=read-write`. postgres.js 3.4.9 parses that form, but while no server qualifies
 *   (the primary has died and the standby is not promoted yet) it goes round the hosts without end: its
 *   connect timeout is restarted at each attempt and its count of hosts tried is never increased, so a
 *   request hangs (and the driver spins on the standby) instead of failing. Here each new connection
 *   asks every server at once which kind it is and connects to one that qualifies, or fails within the
 *   connect timeout with SQLSTATE 08001, which the site answers 503 with Retry-After.
 */

/** The URL without a socket `host` parameter, and the socket file it named (if any). */
export function postgresTarget(url: string): { url: string; path?: string } {
  if (!/[?&]host=/.test(url)) return { url };
  const parsed = parsePostgresUrl(url);
  const directory = parsed.params.get('host');
  if (!directory?.startsWith('/')) return { url };
  parsed.params.delete('host');
  return { url: formatPostgresUrl(parsed), path: `${directory}/.s.PGSQL.${parsed.hosts[0]!.port}` };
}

type Options = postgres.Options<Record<string, never>>;

/** A URL for one of the servers of a parsed URL, without target_session_attrs (that server is chosen). */
function oneServerUrl(parsed: PostgresUrl, address: PostgresAddress): string {
  const params = new URLSearchParams(parsed.params);
  params.delete('target_session_attrs');
  return formatPostgresUrl({ ...parsed, hosts: [address], params });
}

/** The options' connect timeout in ms (postgres.js's default, 30 s, when unset). */
function connectTimeoutMs(options: Options): number {
  return (Number(options.connect_timeout ?? 30) || 30) * 1000;
}

/** An error the site answers 503: PostgreSQL's own code for "could not establish a connection". */
function noServerError(parsed: PostgresUrl, attrs: SessionAttrs, reasons: string[]): Error {
  const names = parsed.hosts.map(({ host, port }) => `${host}:${port}`).join(', ');
  const error = new Error(
    `None of ${names} is the server asked for (target_session_attrs=${attrs}) now: ${reasons.join('; ')}`,
  );
  return Object.assign(error, { code: '08001' });
}

/**
 * Asks one server whether it is in recovery and read-only, on a short-lived connection of its own.
 * Rejects when it cannot be reached or does not answer in time.
 */
async function probe(url: string, options: Options, timeoutMs: number) {
  const sql = postgres(url, {
    max: 1,
    connect_timeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
    fetch_types: false,
    prepare: false,
    onnotice: () => {},
    ssl: options.ssl,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    connection: { application_name: 'festival-site server check' },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = sql.unsafe<{ recovery: boolean; read_only: string }[]>(
      "select pg_catalog.pg_is_in_recovery() as recovery, pg_catalog.current_setting('transaction_read_only') as read_only",
    );
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs);
    });
    const [row] = await Promise.race([answer, late]);
    return { inRecovery: row!.recovery, readOnly: row!.read_only === 'on' };
  } finally {
    clearTimeout(timer);
    void sql.end({ timeout: 0 }).catch(() => {});
  }
}

/** A TCP connection to the chosen server, or an error when it is not made within timeoutMs. */
function openSocket(address: PostgresAddress, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address.host, port: address.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection to ${address.host}:${address.port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeListener('error', reject);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * A socket that fails with `error` once the driver has written to it. postgres.js 3.4.9 leaves a
 * connection stuck in its connecting state, taking no more queries, when the `socket` option's promise
 * rejects; a socket's own error and close go through its usual path instead: the waiting query fails
 * with the error and the connection returns to the pool's closed ones, to be opened again later.
 */
function failedSocket(error: unknown): net.Socket {
  const fail = () => socket.destroy(error instanceof Error ? error : new Error(String(error)));
  // A stream that takes the driver's first write (its start-up message) and only then fails. Failing
  // sooner leaves that message in the driver's buffer, to be sent ahead of the next connection's own:
  // the server then reads a second start-up message as garbage (08P01) or waits for the rest of one
  // (a connect timeout), which held a promoted standby's first connections for seconds. Not a bare
  // net.Socket: without a handle, writing to it fails at once with ERR_SOCKET_CLOSED instead of `error`.
  const socket = new Duplex({
    read() {},
    write(_chunk, _encoding, done) {
      done();
      setImmediate(fail);
    },
  });
  // The driver always writes first; should it not, fail anyway.
  setTimeout(fail, 1_000).unref();
  return socket as unknown as net.Socket;
}

/**
 * The server of a several-server URL that is the kind of session it asks for: every server is asked at
 * once and the first that qualifies wins (a dead machine's timeout delays nobody). Exported for tests.
 */
export async function chooseServer(
  parsed: PostgresUrl,
  options: Options,
  ask: typeof probe = probe,
): Promise<PostgresAddress> {
  const attrs = targetSessionAttrs(parsed);
  const timeoutMs = connectTimeoutMs(options);
  // In the URL's order, whichever answers first.
  const reasons: string[] = [];
  return new Promise((resolve, reject) => {
    let pending = parsed.hosts.length;
    let chosen = false;
    for (const [i, address] of parsed.hosts.entries()) {
      ask(oneServerUrl(parsed, address), options, timeoutMs)
        .then((state) => {
          if (serverMatches(attrs, state)) {
            if (!chosen) resolve(address);
            chosen = true;
          } else {
            const kind = state.inRecovery
              ? 'a standby'
              : state.readOnly
                ? 'read-only'
                : 'a read-write primary';
            reasons[i] = `${address.host}:${address.port} is ${kind}`;
          }
        })
        .catch((error: unknown) => {
          const why = error instanceof Error ? error.message : String(error);
          reasons[i] = `${address.host}:${address.port}: ${why}`;
        })
        .finally(() => {
          pending -= 1;
          if (pending === 0 && !chosen) reject(noServerError(parsed, attrs, reasons));
        });
    }
  });
}

/**
 * Seconds a pool waits before opening a connection again after one failed. postgres.js's own backoff grows
 * with every failure of the pool (3^n / 100 s, up to 20 s, never reset until a connection succeeds): after
 * the few seconds of a failover it held each request up to 20 s before even trying the promoted standby.
 * A failed attempt costs little here (it fails within the connect timeout, once, with an error the site
 * answers 503), so the pool tries again soon: 0.1 s more per failure in a row, at most half a second.
 */
export function reconnectBackoff(failures: number): number {
  return Math.min(0.1 * failures, 0.5);
}

/** postgres.js's client for a URL: over the Unix socket when the URL names one, to the right server of several. */
export function connectPostgres(url: string, given: Options = {}) {
  const options: Options = { backoff: reconnectBackoff, ...given };
  const target = postgresTarget(url);
  if (target.path) return postgres(target.url, { ...options, path: target.path });
  const parsed = parsePostgresUrl(url);
  if (parsed.hosts.length < 2) return postgres(url, options);
  // The client is given the first server's URL for its settings (user, database, parameters); the
  // socket it talks over is opened to the server chosen for each new connection (the `socket` option,
  // which postgres.js calls at every connect and reconnect, and which its types do not declare).
  const chosenSocket = async () => {
    try {
      return await openSocket(await chooseServer(parsed, options), connectTimeoutMs(options));
    } catch (error) {
      return failedSocket(error);
    }
  };
  return postgres(oneServerUrl(parsed, parsed.hosts[0]!), {
    ...options,
    socket: chosenSocket,
  } as Options);
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

/** How a URL reaches its server, for reports: the socket's directory, host:port, or the servers to choose from. */
export function describeConnection(url: string): string {
  const target = postgresTarget(url);
  if (target.path) return `over its Unix socket in ${parsePostgresUrl(url).params.get('host')}`;
  const parsed = parsePostgresUrl(url);
  const names = parsed.hosts.map(({ host, port }) => `${host}:${port}`);
  if (names.length === 1) return `over TCP to ${names[0]}`;
  return `over TCP to the ${targetSessionAttrs(parsed)} server of ${names.join(', ')}`;
}
