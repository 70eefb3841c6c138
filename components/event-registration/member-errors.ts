import { ApiError } from '@/lib/api-client';
import type { TeammateRow } from './team-draft';

/*
 * The server's verification refusals that concern one teammate ("… does not have a verified account
 * yet", "… is already registered", a duplicate, an outsider to an institute team). Besides the toast, the
 * form shows each under that teammate's e-mail field: on a phone the toast covers the Verify button and
 * fades, while the field stays marked until the address is changed.
 */

export interface MemberError {
  /** The teammate row (its stable key, not its position: rows can be removed meanwhile). */
  rowKey: number;
  /** The address the server refused, as it was sent. */
  email: string;
  message: string;
}

/** `emails.{position}`, the leader at 0: the field error key of verifyTeam's refusals. */
const memberField = /^emails\.(\d+)$/;

/** The refusals of a failed verification that name a teammate, tied to the rows that were sent. */
export function memberErrorsOf(error: unknown, sentRows: readonly TeammateRow[]): MemberError[] {
  if (!(error instanceof ApiError) || !error.fieldErrors) return [];
  return Object.entries(error.fieldErrors).flatMap(([field, message]) => {
    const position = Number(memberField.exec(field)?.[1] ?? 0);
    // Position 0 is the leader (the signed-in user, no field to mark): the toast says it.
    const row = position > 0 ? sentRows[position - 1] : undefined;
    return row ? [{ rowKey: row.key, email: row.email.trim(), message }] : [];
  });
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The refusal to show under a row while it still holds the refused address; edited, it is gone. */
export function memberErrorFor(errors: readonly MemberError[], row: TeammateRow): string | undefined {
  return errors.find((e) => e.rowKey === row.key && sameAddress(e.email, row.email))?.message;
}
