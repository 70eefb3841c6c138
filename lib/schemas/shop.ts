import { z } from 'zod';
import { maxId } from './admin-common';
import { payDataSchema } from './payment';
import { singleLine } from './plain-text';

/**
 * Merchandise and accommodation payloads (SPEC.md parts 3 and 7), checked by the route handlers. The
 * answers' shapes and the cart rules of SPEC.md part 4 need no zod: they live in ./shop-rules.ts, which the
 * shop screens import without loading zod up front.
 */

const cartLine = z.object({
  variantId: z.coerce.number().int().positive().max(maxId),
  qty: z.coerce.number().int().min(1, 'Minimum quantity is 1.').max(10, 'At most 10 of one size per order.'),
});

export const cartSchema = z
  .array(cartLine, 'Your cart is empty.')
  .min(1, 'Your cart is empty.')
  .max(10, 'Too many lines in one cart.')
  .refine(
    (lines) => new Set(lines.map((l) => l.variantId)).size === lines.length,
    'Each size may appear once in the cart.',
  );

/** A waiting list's offer (docs/waiting-lists.md): the order takes over the unit it holds. */
const offerIdSchema = z.uuid('The offer link is not valid.');

export const createMerchandiseOrderSchema = z.object({
  amount: z.number('Amount must be a number.').positive(),
  cart: cartSchema,
  offerId: offerIdSchema.optional(),
});

export const orderMerchandiseSchema = z.object({
  userId: z.string().uuid('userId must be your account id.'),
  cart: z
    .array(
      z
        .object({
          variantId: z.coerce.number().int().positive().max(maxId),
          qty: z.coerce.number().int().min(1),
        })
        .passthrough(),
      'Your cart is empty.',
    )
    .max(10, 'Too many lines in one cart.'),
  payData: payDataSchema,
});

export const createAccommodationOrderSchema = z.object({
  amount: z.number('Amount must be a number.').positive(),
  offerId: offerIdSchema.optional(),
  accommodationId: z.coerce.number().int().positive().max(maxId),
  /** Sent by this site's screen so a payment can be booked even if the browser never confirms. */
  identityProofUrl: z
    .string('Please upload an identity proof.')
    .min(1, 'Please upload an identity proof.')
    .max(300, 'The identity proof link is too long.')
    .check(singleLine('The identity proof link'))
    .optional(),
});

export const confirmAccommodationSchema = z.object({
  userId: z.string().uuid('userId must be your account id.'),
  accommodationId: z.coerce.number().int().positive().max(maxId),
  identityProofUrl: z
    .string('Please upload an identity proof.')
    .min(1, 'Please upload an identity proof.')
    .max(300, 'The identity proof link is too long.')
    .check(singleLine('The identity proof link')),
  payData: payDataSchema,
});
