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
