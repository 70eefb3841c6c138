import crypto from 'node:crypto';
import net from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { POST as login } from '@/app/api/login/route';
import { adoptDatabase } from '@/lib/server/db';
import { isDatabaseUnavailable, openDatabase, type Database } from '@/lib/server/db/client';
import { databaseUnavailableMessage } from '@/lib/server/http/handler';
import { markStarted } from '@/lib/server/readiness';
import { sandboxBasePath, sandboxCredentials } from '@/lib/server/payments/sandbox/credentials';
import { handleSandboxRequest } from '@/lib/server/payments/sandbox/server';
import { call } from '../support/api';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/scratch-database';

/*
 * A database that is down, refusing or silent: requests answer 503 with Retry-After and a sentence, never
 * a 500 or the request's own fault; the readiness probe says "not ready" within about a second, while the
 * liveness probe still says the process is alive.
 */

beforeAll(() => markStarted());

/** A TCP server that accepts connections and never says a word: a PostgreSQL that hangs. */
function silentServer(): Promise<{ port: number; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        port,
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    });
  });
}

/** A port nothing listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const pool = { max: 2, connectTimeoutSeconds: 1, statementTimeoutMs: 1_000 };
const loginBody = { email: 'someone@example.com', password: 'a-password-1' };

describe('when the database is unreachable', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase({ url: `postgres://u@127.0.0.1:${await closedPort()}/x`, pool });
    adoptDatabase(database);
  });
  afterAll(async () => database.close());

  it('answers 503 with Retry-After and a sentence, not 500', async () => {
    const answer = await call(login, { body: loginBody });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).toEqual({ message: databaseUnavailableMessage, retryAfter: 5 });
  });

  it('has the readiness probe say so', async () => {
    const response = await ready();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'The database is not reachable.',
      data: { ready: false, database: 'down' },
    });
  });
});

describe('when the database accepts connections and never answers', () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    server = await silentServer();
    database = openDatabase({ url: `postgres://u@127.0.0.1:${server.port}/x`, pool });
    adoptDatabase(database);
  });
  afterAll(async () => {
    server.close();
    await database.close().catch(() => {});
  });

  it('answers the readiness probe "not ready" within about a second, and liveness "alive"', async () => {
    const started = Date.now();
    const response = await ready();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(Date.now() - started).toBeLessThan(1_500);
    const live = health();
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ message: 'ok', data: { live: true, ready: true } });
  });

  it('fails a request after the connect timeout with 503', async () => {
    const answer = await call(login, { body: loginBody });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
  });
});

/*
 * A real PostgreSQL server out of connections for the site (the `too many clients` of two instances with
 * larger pools than max_connections): a role limited to two connections stands in for a full server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('when PostgreSQL has no connection left for the site', () => {
  let scratch: ScratchDatabase;
  let admin: postgres.Sql;
  let database: Database;
  const role = `festival_limited_${crypto.randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string, 'festival_trouble_');
    admin = postgres(scratch.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create role ${role} login connection limit 2`);
    await admin.unsafe(`grant all on schema public to ${role}`);
    const limited = new URL(scratch.url);
    limited.username = role;
    limited.password = '';
    const migrating = openDatabase({ url: scratch.url });
    await migrating.migrate();
    await migrating.close();
    await admin.unsafe(`grant all on all tables in schema public to ${role}`);
    database = openDatabase({ url: limited.toString(), pool: { ...pool, max: 6 } });
    adoptDatabase(database);
  });
  afterAll(async () => {
    await database?.close().catch(() => {});
    await admin?.unsafe(`drop owned by ${role}`).catch(() => {});
    await admin?.unsafe(`drop role if exists ${role}`).catch(() => {});
    await admin?.end();
    await scratch?.drop();
  });

  it('answers the requests it cannot serve 503 with Retry-After, and never 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(login, { body: { email: `busy${i}@example.com`, password: 'a-password-1' } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.body).toMatchObject({ message: databaseUnavailableMessage });
    }
  });
});

describe('which errors are the database being unavailable', () => {
  it('knows connection loss, exhaustion, shutdown, timeouts and retryable conflicts', () => {
    for (const code of [
      '08006',
      '53300',
      '57P01',
      '57014',
      '40001',
      '40P01',
      'ECONNREFUSED',
      'CONNECT_TIMEOUT',
      // A failover: no server of the pair is the primary yet; a demoted one refuses writes; one starting.
      '08001',
      '25006',
      '57P03',
      'ERR_SOCKET_CLOSED',
    ]) {
      expect({ code, unavailable: isDatabaseUnavailable({ code }) }).toEqual({ code, unavailable: true });
    }
    // Drizzle wraps the driver's error: the code is on the cause.
    expect(isDatabaseUnavailable(new Error('query failed', { cause: { code: '53300' } }))).toBe(true);
    // A database closed to connections for maintenance; 55000 on its own is not.
    const closed = { code: '55000', message: 'database "festival" is not currently accepting connections' };
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: closed }))).toBe(true);
    expect(isDatabaseUnavailable({ code: '55000', message: 'cannot do this now' })).toBe(false);
  });

  it('leaves the request’s own errors alone', () => {
    for (const code of ['23505', '23503', '22P02', '42P01', undefined]) {
      expect({ code, unavailable: isDatabaseUnavailable({ code }) }).toEqual({ code, unavailable: false });
    }
  });
});

/*
 * A failover as the site sees it, without a second server: a database whose sessions are read-only
 * (ALTER DATABASE … SET default_transaction_read_only) stands in for a primary demoted to a standby under
 * the pool, and a refused port for a primary that died. Writes answer 503 with Retry-After; a URL naming
 * both servers with target_session_attrs=read-write fails fast while neither is writable, and connects to
 * the writable one once there is one.
 */
describe.skipIf(!serverUrl)('during a failover', () => {
  let scratch: ScratchDatabase;
  let admin: postgres.Sql;
  let database: Database | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string, 'festival_failover_');
    const migrating = openDatabase({ url: scratch.url });
    await migrating.migrate();
    await migrating.close();
    admin = postgres(serverUrl as string, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await database?.close().catch(() => {});
    await admin?.end();
    await scratch?.drop();
  });
  const readOnly = (on: boolean) =>
    admin.unsafe(`alter database ${scratch.name} set default_transaction_read_only = ${on ? 'on' : 'off'}`);
  /** The scratch database named after a dead server, as the pair's first host. */
  const pairUrl = async () => {
    const url = new URL(scratch.url);
    const dead = `127.0.0.1:${await closedPort()}`;
    return `${url.protocol}//${url.username}@${dead},${url.host}${url.pathname}?target_session_attrs=read-write`;
  };

  it('answers a write on a server gone read-only 503 with Retry-After, in a route and in the sandbox', async () => {
    await readOnly(true);
    try {
      database = openDatabase({ url: scratch.url, pool });
      adoptDatabase(database);
      const answer = await call(login, { body: loginBody });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      const { keyId, keySecret } = sandboxCredentials();
      const order = await handleSandboxRequest(
        new Request(`http://localhost${sandboxBasePath}/orders`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
          },
          body: JSON.stringify({ amount: 50000, currency: 'INR', receipt: 'r-1' }),
        }),
      );
      expect(order.status).toBe(503);
      expect(order.headers.get('retry-after')).toBe('5');
    } finally {
      await database?.close();
      database = undefined;
      await readOnly(false);
    }
  });

  it('fails fast with 503 while no server of the pair is writable, then finds the writable one', async () => {
    await readOnly(true);
    try {
      // One connection, so that each attempt is made on the connection the failed ones left behind.
      database = openDatabase({ url: await pairUrl(), pool: { ...pool, max: 1 } });
      adoptDatabase(database);
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = Date.now();
        const answer = await call(login, { body: loginBody });
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(Date.now() - started).toBeLessThan(3_000);
      }
      // The standby is promoted: the same pool connects to it without being reopened.
      await readOnly(false);
      const after = await ready();
      expect(after.status).toBe(200);
    } finally {
      await database?.close();
      database = undefined;
      await readOnly(false);
    }
  });
});
