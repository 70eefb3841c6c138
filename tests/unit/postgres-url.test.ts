import { describe, expect, it } from 'vitest';
import { describeConnection, postgresTarget } from '@/lib/server/db/postgres-url';

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
