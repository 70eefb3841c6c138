import { z } from 'zod';

const missing = 'Payment details are missing.';

/** What Checkout's handler gives the browser, posted back to the server as payData. */
export const payDataSchema = z.object(
  {
    razorpay_payment_id: z.string(missing).min(1, missing).max(100, 'The payment id is not valid.'),
    razorpay_order_id: z.string(missing).min(1, missing).max(100, 'The order id is not valid.'),
    razorpay_signature: z.string(missing).min(1, missing).max(200, 'The payment signature is not valid.'),
  },
  'Payment details are missing.',
);
