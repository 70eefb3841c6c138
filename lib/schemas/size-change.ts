import { z } from 'zod';

/*
 * A participant changes the size of a T-shirt they ordered (docs/own-changes.md). An order's line is one
 * product in one size (merchandise_order_lines), so the request names the order, the line and the size
 * wanted; the whole line (all its units) moves to that size of the same product.
 */

/** POST /api/my-plans/size */
export const sizeChangeSchema = z.object({
  orderId: z.uuid('This is not one of your plans.'),
  lineId: z
    .number('Choose which T-shirt to change.')
    .int('Choose which T-shirt to change.')
    .positive('Choose which T-shirt to change.')
    .max(2_147_483_647, 'Choose which T-shirt to change.'),
  size: z
    .string('Choose a size.')
    .trim()
    .min(1, 'Choose a size.')
    .max(20, 'Choose one of the sizes offered.'),
});
export type SizeChangeInput = z.infer<typeof sizeChangeSchema>;

export interface SizeChangeOutcome {
  orderId: string;
  lineId: number;
  productName: string;
  fromSize: string;
  size: string;
  /** True when the line already was that size (a double tap, or the same size chosen): nothing changed. */
  alreadyThatSize: boolean;
}
