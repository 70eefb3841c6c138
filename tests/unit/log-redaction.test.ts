import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, maskSensitive } from '@/lib/server/log';

/** A logger at info level whose lines are kept, as the server would write them. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger(stream, { level: 'info' });
  return { logger, output: () => lines.join('') };
}

const hash = 'scrypt$16384$8$5$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';

describe('the error log', () => {
  it("drops a failed query's values: no password hash, e-mail or phone number is written", () => {
    const { logger, output } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      detail: 'Key (email)=(asha@example.com) already exists.',
      parameters: ['asha@example.com', hash, '9876543210'],
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash", "phone_number") values ($1, $2, $3)',
      ['asha@example.com', hash, '9876543210'],
      cause,
    );
    logger.error({ err: error, requestId: 'r-1' }, 'unhandled error in route handler');
    const written = output();
    for (const secret of ['asha@example.com', hash, 'c2FsdHNhbHRzYWx0', '9876543210']) {
      expect(written).not.toContain(secret);
    }
    // What helps to debug stays: the statement, the database's message, the request id.
    expect(written).toContain('insert into \\"users\\"');
    expect(written).toContain('violates unique constraint');
    expect(written).toContain('r-1');
    const line = JSON.parse(written) as { err: { params: string; message: string } };
    expect(line.err.params).toBe('[redacted]');
    expect(line.err.message).toContain('params: [redacted]');
  });

  it('masks secrets in any logged field and keeps ids that merely look numeric', () => {
    const { logger, output } = capture();
    logger.warn(
      {
        password: 'nimbus2000',
        body: { newPassword: 'nimbus2001', note: 'call +91 98765 43210 or 9876543210' },
        orderId: '123e4567-e89b-42d3-a456-426614174000',
      },
      'something odd',
    );
    const written = output();
    expect(written).not.toContain('nimbus2000');
    expect(written).not.toContain('nimbus2001');
    expect(written).not.toContain('9876543210');
    expect(written).toContain('123e4567-e89b-42d3-a456-426614174000');
  });

  it('masks hashes, e-mails and phone numbers in a string', () => {
    expect(maskSensitive(`user ${hash} a.b+c@mail.example.org 09876543210 +919876543210`)).toBe(
      'user [password hash] [email] [phone] [phone]',
    );
    expect(maskSensitive('Failed query: select 1\nparams: x@y.co,9876543210')).toBe(
      'Failed query: select 1\nparams: [redacted]',
    );
  });
});
