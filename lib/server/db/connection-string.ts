/*
 * PostgreSQL connection URLs as libpq writes them, read without `new URL()`: a URL may name several servers
 * (`postgres://app@db1:5432,db2:5432/festival?target_session_attrs=read-write`, the form a failover pair
 * uses), which WHATWG URL parsing refuses. Pure functions, no driver: the environment's validation and the
 * connection code share them.
 */

export interface PostgresAddress {
  /** A name or an IP address; an IPv6 address without its brackets. */
  host: string;
  port: number;
}

export interface PostgresUrl {
  scheme: 'postgres' | 'postgresql';
  /** As written in the URL (still percent-encoded), '' when none. */
  userInfo: string;
  /** Every server the URL names, in its order; one (localhost:5432) when it names none. */
  hosts: PostgresAddress[];
  /** The database, decoded; '' when the URL has no path. */
  database: string;
  params: URLSearchParams;
}

/** The session kinds a client may ask for among several servers (libpq's target_session_attrs). */
export const sessionAttrs = ['any', 'read-write', 'primary', 'read-only', 'standby'] as const;
export type SessionAttrs = (typeof sessionAttrs)[number];

const defaultPort = 5432;
const shape = /^(postgres|postgresql):\/\/(?:([^@/?#]*)@)?([^/?#]*)(\/[^?#]*)?(?:\?([^#]*))?$/;

function parseAddress(text: string, url: string): PostgresAddress {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d*))?$/.exec(text);
  const plain = /^([^:[\]]*)(?::(\d*))?$/.exec(text);
  const match = bracketed ?? plain;
  if (!match) throw new Error(`"${text}" in ${redact(url)} is not a host or host:port`);
  const [, host = '', port] = match;
  const number = port ? Number(port) : defaultPort;
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    throw new Error(`The port of "${text}" in ${redact(url)} is not a port number`);
  }
  return { host: decodeURIComponent(host) || 'localhost', port: number };
}

/** The URL with its password replaced, for messages. */
export function redact(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
}

/** Reads a postgres:// (or postgresql://) URL; throws a sentence naming what is wrong. */
export function parsePostgresUrl(url: string): PostgresUrl {
  const match = shape.exec(url.trim());
  if (!match) throw new Error(`${redact(url)} is not a postgres:// URL`);
  const [, scheme, userInfo = '', hostList = '', path = '', query = ''] = match;
  const hosts = hostList === '' ? [] : hostList.split(',').map((part) => parseAddress(part, url));
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs');
  if (attrs !== null && !(sessionAttrs as readonly string[]).includes(attrs)) {
    throw new Error(`target_session_attrs=${attrs} is not one of ${sessionAttrs.join(', ')}`);
  }
  return {
    scheme: scheme as PostgresUrl['scheme'],
    userInfo,
    hosts: hosts.length > 0 ? hosts : [{ host: 'localhost', port: defaultPort }],
    database: decodeURIComponent(path.replace(/^\//, '')),
    params,
  };
}

function formatAddress({ host, port }: PostgresAddress): string {
  const name = host.includes(':') ? `[${host}]` : encodeURIComponent(host);
  return `${name}:${port}`;
}

/** Writes a parsed URL back out (every host with its port). */
export function formatPostgresUrl(parsed: PostgresUrl): string {
  const query = parsed.params.toString();
  return (
    `${parsed.scheme}://${parsed.userInfo ? `${parsed.userInfo}@` : ''}` +
    `${parsed.hosts.map(formatAddress).join(',')}` +
    `/${encodeURIComponent(parsed.database)}${query ? `?${query}` : ''}`
  );
}

/** The same URL with another database as its path (scratch databases on the same server or pair). */
export function withDatabase(url: string, database: string): string {
  return formatPostgresUrl({ ...parsePostgresUrl(url), database });
}

/** The session kind the URL asks for: its target_session_attrs, 'any' when it has none. */
export function targetSessionAttrs(parsed: PostgresUrl): SessionAttrs {
  return (parsed.params.get('target_session_attrs') as SessionAttrs | null) ?? 'any';
}

/** Whether a server in this state is the kind of session `attrs` asks for. */
export function serverMatches(
  attrs: SessionAttrs,
  state: { inRecovery: boolean; readOnly: boolean },
): boolean {
  switch (attrs) {
    case 'any':
      return true;
    case 'read-write':
      return !state.readOnly;
    case 'read-only':
      return state.readOnly;
    case 'primary':
      return !state.inRecovery;
    case 'standby':
      return state.inRecovery;
  }
}
