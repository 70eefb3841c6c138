import { z } from 'zod';
import { multiLine, singleLine } from './plain-text';

/**
 * Field rules shared by the organisers' console payloads (lib/schemas/admin-events.ts and
 * admin-content.ts), so a name, a link, an id or a reorder list is checked the same way everywhere.
 */

/** PostgreSQL's integer, which every serial id is: a larger number names no row, and the query would fail. */
export const maxId = 2_147_483_647;

/** A row id as a form sends it (a string) or as JSON does (a number). */
export const id = (what: string) =>
  z.coerce
    .number(`Please choose the ${what}.`)
    .int(`Please choose the ${what}.`)
    .positive(`Please choose the ${what}.`)
    .max(maxId, `Please choose the ${what}.`);

/** A required, trimmed line of text of at most `max` characters (no line breaks or control characters). */
export const text = (what: string, max: number) =>
  z
    .string(`${what} is required.`)
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} must be at most ${max} characters.`)
    .check(singleLine(what));

/** A required, trimmed text of several lines (a description): line breaks kept, other controls refused. */
export const longText = (what: string, max: number) =>
  z
    .string(`${what} is required.`)
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} must be at most ${max} characters.`)
    .check(multiLine(what));

/** A site path (/images/..., /api/uploads/...) or an http(s) address: what the seed and the upload give. */
export function isLinkOrPath(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** An uploaded `kind` (image, file) or an address; `kind` names it in the message. */
export const uploadedLink = (what: string, kind: 'image' | 'file') =>
  text(what, 500).refine(isLinkOrPath, `${what} must be an uploaded ${kind} or an https:// address.`);

export const wholeNumber = (what: string, min: number, max: number) =>
  z.coerce
    .number(`${what} must be a number.`)
    .int(`${what} must be a whole number.`)
    .min(min, `${what} must be at least ${min}.`)
    .max(max, `${what} must be at most ${max}.`);

/**
 * An optional field: '' or null means none (stored as null), undefined leaves it as it is (for changes),
 * anything else that `accepted` takes must pass `inner`. One transform, so a bad value gets inner's own
 * message, not "Invalid input".
 */
export function emptyAsNone<A extends z.ZodType<string | number, string | number>, T>(
  accepted: A,
  inner: z.ZodType<T>,
) {
  return accepted
    .nullable()
    .optional()
    .transform((v, ctx): T | null | undefined => {
      if (v === undefined) return undefined;
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const parsed = inner.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid value.' });
      return z.NEVER;
    });
}

/** The body of every POST .../reorder: the ids of one whole list, in the new order, each once. */
export const orderedIds = z
  .array(id('items to order'), 'Send the ids in their new order.')
  .min(1, 'Send the ids in their new order.')
  .max(500, 'Too many items to order at once.')
  .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once.');
