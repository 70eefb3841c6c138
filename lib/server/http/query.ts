import 'server-only';
import type { z } from 'zod';
import { queryObject } from '@/lib/schemas/admin-operations';
import { AppError } from './app-error';
import { fieldErrorsOf } from './handler';

/** A GET request's query parameters parsed with their schema, or a 400 naming the first bad one. */
export function parseQuery<S extends z.ZodType>(schema: S, request: Request): z.output<S> {
  const parsed = schema.safeParse(queryObject(new URL(request.url).searchParams));
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw new AppError('invalid_input', Object.values(errors)[0] ?? 'Please check the filters.', {
      fieldErrors: errors,
    });
  }
  return parsed.data;
}
