import { describe, expect, it } from 'vitest';
import { abortedByClient } from '@/lib/server/http/client-abort';
import { isDatabaseUnavailable } from '@/lib/server/db/client';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('abortedByClient', () => {
  it("is Node's error for a request whose client went away, which the database rule also matched", () => {
    const cutOff = withCode('aborted', 'ECONNRESET');
    expect(abortedByClient(cutOff)).toBe(true);
    // Why the handler asks this first: by its code alone it reads as a lost database connection.
    expect(isDatabaseUnavailable(cutOff)).toBe(true);
  });

  it('leaves a reset database connection to the database rule', () => {
    const databaseReset = withCode('read ECONNRESET', 'ECONNRESET');
    expect(abortedByClient(databaseReset)).toBe(false);
    expect(isDatabaseUnavailable(databaseReset)).toBe(true);
    expect(abortedByClient(new Error('aborted'))).toBe(false);
    expect(abortedByClient('aborted')).toBe(false);
  });
});
