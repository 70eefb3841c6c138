import { z } from 'zod';
import { singleLine } from './plain-text';

const missing = 'Payment details are missing.';

/** What Checkout's handler gives the browser, posted back to the server as payData. */
export const payDataSchema = z.object(
  {
    razorpay_payment_id: z
      .string(missing)
      .min(1, missing)
      .max(100, 'The payment id is not valid.')
      .check(singleLine('The payment id')),
    razorpay_order_id: z
      .string(missing)
      .min(1, missing)
      .max(100, 'The order id is not valid.')
      .check(singleLine('The order id')),
    razorpay_signature: z
      .string(missing)
      .min(1, missing)
      .max(200, 'The payment signature is not valid.')
      .check(singleLine('The payment signature')),
  },
  'Payment details are missing.',
);
