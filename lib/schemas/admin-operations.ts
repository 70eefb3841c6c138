import { z } from 'zod';
import { queryObject } from '@/lib/query-string';
import { singleLine } from './plain-text';

/*
 * The console's operations: filters of the registration, T-shirt order, booking and payment lists (the
 * same query parameters for the pages, the JSON lists and the CSV exports) and the refund request.
 */

export const paymentPurposeValues = ['event', 'merchandise', 'accommodation'] as const;
export const paymentStateValues = ['created', 'paid', 'fulfilled', 'failed', 'expired', 'refunded'] as const;
export const outcomeStatusValues = ['confirmed', 'cancelled'] as const;

export type PaymentPurposeValue = (typeof paymentPurposeValues)[number];
export type PaymentStateValue = (typeof paymentStateValues)[number];

const search = z
  .string('Search text must be text.')
  .trim()
  .max(100, 'Search text must be at most 100 characters.')
  .check(singleLine('Search text'))
  .optional();
const id = (what: string) =>
  z.coerce
    .number(`The ${what} must be a number.`)
    .int(`The ${what} must be a whole number.`)
    .positive(`The ${what} must be a positive number.`)
    .max(2_147_483_647, `The ${what} is too large.`)
    .optional();
const page = z.coerce
  .number('The page must be a number.')
  .int('The page must be a whole number.')
  .min(1, 'The page must be 1 or more.')
  .max(1_000_000, 'The page is too large.')
  .default(1);
const status = z.enum(outcomeStatusValues, 'The status must be confirmed or cancelled.').optional();

export const registrationFilterSchema = z.object({
  q: search,
  categoryId: id('category'),
  eventId: id('event'),
  status,
  page,
});

export const merchandiseOrderFilterSchema = z.object({
  q: search,
  productId: id('product'),
  size: z
    .string('The size must be text.')
    .trim()
    .max(10, 'The size must be at most 10 characters.')
    .check(singleLine('The size'))
    .optional(),
  status,
  page,
});

export const bookingFilterSchema = z.object({
  q: search,
  typeId: id('accommodation type'),
  optionId: id('date option'),
  status,
  page,
});

export const paymentFilterSchema = z.object({
  q: search,
  state: z.enum(paymentStateValues, 'Unknown payment state.').optional(),
  purpose: z.enum(paymentPurposeValues, 'Unknown payment purpose.').optional(),
  page,
});

export type RegistrationFilter = z.infer<typeof registrationFilterSchema>;
export type MerchandiseOrderFilter = z.infer<typeof merchandiseOrderFilterSchema>;
export type BookingFilter = z.infer<typeof bookingFilterSchema>;
export type PaymentFilter = z.infer<typeof paymentFilterSchema>;

/** POST /api/admin/payments/{id}/refund */
export const refundSchema = z.object({
  reason: z
    .string('The reason must be text.')
    .trim()
    .max(300, 'The reason must be at most 300 characters.')
    .check(singleLine('The reason'))
    .optional(),
});

/** The query string of a filter (page 1 and empty fields left out), for links and exports. */
export function filterQuery(
  filter: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
): string {
  const merged = { ...filter, ...overrides };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) === 1) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A list page's filters from its address; bad ones are dropped with the reason, so the page still shows. */
export function pageFilter<S extends z.ZodType>(
  schema: S,
  params: Record<string, string | string[] | undefined>,
): { filter: z.output<S>; problem: string | null } {
  const query = queryObject(params);
  // A NUL character reaches no query: PostgreSQL refuses it (the API refuses it with a 400 in its wrapper).
  const parsed = Object.values(query).some((v) => String(v).includes('\0')) ? null : schema.safeParse(query);
  if (parsed === null) return { filter: schema.parse({}), problem: 'Those filters are not valid.' };
  if (parsed.success) return { filter: parsed.data, problem: null };
  return {
    filter: schema.parse({}),
    problem: parsed.error.issues[0]?.message ?? 'Those filters are not valid.',
  };
}
