import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  formatPostgresUrl,
  parsePostgresUrl,
  serverMatches,
  targetSessionAttrs,
  withDatabase,
} from '@/lib/server/db/connection-string';
import {
  chooseServer,
  connectPostgres,
  describeConnection,
  postgresTarget,
  reconnectBackoff,
} from '@/lib/server/db/postgres-url';

describe('postgresTarget', () => {
  it('leaves a TCP address as it is', () => {
    expect(postgresTarget('postgres://app:pw@db.internal:5433/festival')).toEqual({
      url: 'postgres://app:pw@db.internal:5433/festival',
    });
  });

  it("reads libpq's host=/directory as the socket file for the URL's port", () => {
    expect(
      postgresTarget('postgres://app@localhost:54329/festival?host=/var/run/postgresql&sslmode=disable'),
    ).toEqual({
      url: 'postgres://app@localhost:54329/festival?sslmode=disable',
      path: '/var/run/postgresql/.s.PGSQL.54329',
    });
    expect(postgresTarget('postgres://app@localhost/festival?host=/tmp').path).toBe('/tmp/.s.PGSQL.5432');
  });

  it('keeps a host parameter that is not a directory for postgres.js to refuse', () => {
    expect(postgresTarget('postgres://app@localhost/festival?host=db').url).toBe(
      'postgres://app@localhost/festival?host=db',
    );
  });

  it('says how a benchmark reached its server', () => {
    expect(describeConnection('postgres://app@localhost:5432/x?host=/tmp/pg')).toBe(
      'over its Unix socket in /tmp/pg',
    );
    expect(describeConnection('postgres://app@127.0.0.1:5432/x')).toBe('over TCP to 127.0.0.1:5432');
  });
});

describe('a URL that names a primary and its standby', () => {
  const pair =
    'postgres://app:secret@127.0.0.1:56001,127.0.0.1:56002/festival?target_session_attrs=read-write';

  it('reads every host with its port, the database and the session kind', () => {
    const parsed = parsePostgresUrl(pair);
    expect(parsed.hosts).toEqual([
      { host: '127.0.0.1', port: 56001 },
      { host: '127.0.0.1', port: 56002 },
    ]);
    expect(parsed.database).toBe('festival');
    expect(parsed.userInfo).toBe('app:secret');
    expect(targetSessionAttrs(parsed)).toBe('read-write');
    expect(formatPostgresUrl(parsed)).toBe(pair);
  });

  it('gives a host without a port 5432, and reads bracketed IPv6 addresses', () => {
    expect(parsePostgresUrl('postgresql://db1,[::1]:5433/x').hosts).toEqual([
      { host: 'db1', port: 5432 },
      { host: '::1', port: 5433 },
    ]);
    expect(parsePostgresUrl('postgres:///x?host=/tmp').hosts).toEqual([{ host: 'localhost', port: 5432 }]);
    expect(targetSessionAttrs(parsePostgresUrl('postgres://a/x'))).toBe('any');
  });

  it('refuses what is not a PostgreSQL URL, a bad port and an unknown session kind', () => {
    expect(() => parsePostgresUrl('https://db/x')).toThrow(/not a postgres:\/\/ URL/);
    expect(() => parsePostgresUrl('postgres://u:pw@db:99999/x')).toThrow(/not a port number/);
    expect(() => parsePostgresUrl('postgres://u:pw@db:99999/x')).toThrow(/u:\*\*\*@/);
    expect(() => parsePostgresUrl('postgres://db/x?target_session_attrs=primary-ish')).toThrow(
      /target_session_attrs=primary-ish/,
    );
  });

  it('puts another database in the path, keeping the hosts and the parameters', () => {
    expect(withDatabase(pair, 'scratch_1')).toBe(
      'postgres://app:secret@127.0.0.1:56001,127.0.0.1:56002/scratch_1?target_session_attrs=read-write',
    );
    expect(withDatabase('postgres://u@localhost:5432/x?host=/tmp', 'y')).toBe(
      'postgres://u@localhost:5432/y?host=%2Ftmp',
    );
  });

  it('says which servers a report reached', () => {
    expect(describeConnection(pair)).toBe(
      'over TCP to the read-write server of 127.0.0.1:56001, 127.0.0.1:56002',
    );
  });

  it('matches a server to the session kind asked for', () => {
    const primary = { inRecovery: false, readOnly: false };
    const standby = { inRecovery: true, readOnly: true };
    expect(serverMatches('read-write', primary)).toBe(true);
    expect(serverMatches('read-write', standby)).toBe(false);
    expect(serverMatches('primary', { inRecovery: false, readOnly: true })).toBe(true);
    expect(serverMatches('read-write', { inRecovery: false, readOnly: true })).toBe(false);
    expect(serverMatches('standby', standby)).toBe(true);
    expect(serverMatches('read-only', standby)).toBe(true);
    expect(serverMatches('any', standby)).toBe(true);
  });
});

describe('chooseServer', () => {
  const parsed = parsePostgresUrl('postgres://app@db1:1,db2:2/festival?target_session_attrs=read-write');
  const primary = { inRecovery: false, readOnly: false };
  const standby = { inRecovery: true, readOnly: true };

  it('asks each server without target_session_attrs and takes the one that qualifies', async () => {
    const asked: string[] = [];
    const chosen = await chooseServer(parsed, { connect_timeout: 1 }, async (url) => {
      asked.push(url);
      return url.includes('db1') ? standby : primary;
    });
    expect(chosen).toEqual({ host: 'db2', port: 2 });
    expect(asked.sort()).toEqual(['postgres://app@db1:1/festival', 'postgres://app@db2:2/festival']);
  });

  it('does not wait for a server that hangs when another qualifies', async () => {
    const chosen = await chooseServer(parsed, { connect_timeout: 1 }, (url) =>
      url.includes('db1') ? new Promise(() => {}) : Promise.resolve(primary),
    );
    expect(chosen.host).toBe('db2');
  });

  it('fails with SQLSTATE 08001, naming each server, while none qualifies', async () => {
    const failure = chooseServer(parsed, { connect_timeout: 1 }, async (url) => {
      if (url.includes('db1')) throw new Error('connect ECONNREFUSED');
      return standby;
    });
    await expect(failure).rejects.toMatchObject({ code: '08001' });
    await expect(failure).rejects.toThrow(/db1:1: connect ECONNREFUSED; db2:2 is a standby/);
  });
});

describe('reconnectBackoff', () => {
  it('tries again within half a second however many attempts failed before', () => {
    expect(reconnectBackoff(0)).toBe(0);
    expect(reconnectBackoff(2)).toBeCloseTo(0.2);
    expect(reconnectBackoff(50)).toBe(0.5);
  });
});

describe('connectPostgres with several servers', () => {
  it('fails each query with 08001 while none can be reached, and keeps failing the same way', async () => {
    const sql = connectPostgres('postgres://u@127.0.0.1:1,127.0.0.1:2/x?target_session_attrs=read-write', {
      max: 2,
      connect_timeout: 1,
    });
    try {
      for (let round = 0; round < 3; round++) {
        const outcomes = await Promise.allSettled([sql`select 1`, sql`select 2`, sql`select 3`]);
        expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as { code?: string }).code)).toEqual([
          '08001',
          '08001',
          '08001',
        ]);
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

describe("chooseServer's own check of a server", () => {
  it('gives up on a server that accepts and never answers, and leaves no rejection unhandled', async () => {
    // A machine that stopped: the kernel still accepts connections, nothing answers, then it is gone.
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      setTimeout(() => socket.resetAndDestroy(), 1_500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const parsed = parsePostgresUrl(`postgres://u@127.0.0.1:${port},127.0.0.1:1/x`);
      const started = Date.now();
      await expect(chooseServer(parsed, { connect_timeout: 1 })).rejects.toMatchObject({ code: '08001' });
      expect(Date.now() - started).toBeLessThan(1_500);
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // the reset comes
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
      for (const socket of sockets) socket.destroy();
      server.close();
    }
  });
});
