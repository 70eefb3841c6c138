import 'server-only';
import crypto from 'node:crypto';

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret, hex. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return crypto.createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw request body with the webhook secret, hex. */
export function webhookSignature(rawBody: string, webhookSecret: string): string {
  return crypto.createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(/^[0-9a-f]+$/i.test(given) ? given : '', 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Constant-time check of a checkout signature against the order id this server stored. */
export function isValidPaymentSignature(
  storedOrderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return sameHex(paymentSignature(storedOrderId, paymentId, keySecret), signature);
}

export function isValidWebhookSignature(rawBody: string, signature: string, webhookSecret: string): boolean {
  return sameHex(webhookSignature(rawBody, webhookSecret), signature);
}
