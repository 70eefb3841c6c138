import 'server-only';
import { z } from 'zod';
import { AppError } from './app-error';

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/** A numeric id from the URL, or a 400 that names it. */
export function idParam(value: string | undefined, what: string): number {
  const parsed = positiveId.safeParse(value);
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
