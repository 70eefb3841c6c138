import 'server-only';
import { z } from 'zod';
import { AppError } from './app-error';

/**
 * A positive database id as a URL spells it (path or query string), with the message that names it. One
 * rule for both, so `?typeId=x` and `/type/x` are refused in the same words.
 */
export function idSchema(what: string) {
  const message = `The ${what} id must be a positive whole number.`;
  return z.coerce.number(message).int(message).positive(message).max(2_147_483_647, message);
}

/** A numeric id from the URL, or a 400 that names it. */
export function idParam(value: string | undefined, what: string): number {
  const parsed = idSchema(what).safeParse(value);
  if (!parsed.success) throw new AppError('invalid_input', `The ${what} id must be a positive whole number.`);
  return parsed.data;
}

const uuid = z.uuid();

/** A uuid from the URL; anything else names no record, so it is a 404 rather than a database error. */
export function uuidParam(value: string | undefined, what: string): string {
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', `No ${what} has that id.`);
  return parsed.data;
}
