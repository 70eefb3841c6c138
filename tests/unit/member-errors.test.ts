import { describe, expect, it } from 'vitest';
import { memberErrorFor, memberErrorsOf } from '@/components/event-registration/member-errors';
import { ApiError } from '@/lib/api-client';

const unverified =
  'ghost@example.com does not have a verified account yet. Ask them to sign up and verify first.';
const rows = [
  { key: 7, email: 'mate@example.com' },
  { key: 9, email: ' Ghost@example.com ' },
];

const refusal = (fieldErrors: Record<string, string>) =>
  new ApiError(400, unverified, { fieldErrors, fromServer: true });

describe('the server’s refusals that name a teammate', () => {
  it('are tied to the row that was sent at that position (the leader is position 0)', () => {
    expect(memberErrorsOf(refusal({ 'emails.2': unverified }), rows)).toEqual([
      { rowKey: 9, email: 'Ghost@example.com', message: unverified },
    ]);
  });

  it('leave out the leader, other fields and other failures', () => {
    expect(memberErrorsOf(refusal({ 'emails.0': 'x', teamName: 'Team name is required.' }), rows)).toEqual(
      [],
    );
    expect(memberErrorsOf(refusal({ 'emails.5': 'x' }), rows)).toEqual([]);
    expect(memberErrorsOf(new ApiError(0, 'Network error'), rows)).toEqual([]);
    expect(memberErrorsOf(new Error('boom'), rows)).toEqual([]);
  });

  it('show under the row while it holds the refused address, whatever its case, and go once edited', () => {
    const errors = memberErrorsOf(refusal({ 'emails.2': unverified }), rows);
    expect(memberErrorFor(errors, { key: 9, email: 'ghost@EXAMPLE.com' })).toBe(unverified);
    expect(memberErrorFor(errors, { key: 9, email: 'ghost@example.co' })).toBeUndefined();
    expect(memberErrorFor(errors, { key: 7, email: 'ghost@example.com' })).toBeUndefined();
  });
});
