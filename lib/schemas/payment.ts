import { z } from 'zod';

/** What Checkout's handler gives the browser, posted back to the server as payData. */
export const payDataSchema = z.object(
  {
    razorpay_payment_id: z.string().min(1).max(100),
    razorpay_order_id: z.string().min(1).max(100),
    razorpay_signature: z.string().min(1).max(200),
  },
  'Payment details are missing.',
);
