import { handleSandboxRequest } from '@/lib/server/payments/sandbox/server';

/** What the sandbox's Pay (or Fail) button does: answers Checkout's handler payload. */
export async function sandboxPay(orderId: string, outcome: 'success' | 'failure' = 'success') {
  const response = await handleSandboxRequest(
    new Request('http://sandbox.internal/sandbox/razorpay/v1/checkout/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: orderId, outcome }),
    }),
  );
  return (await response.json()) as {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
    error?: { reason: string };
  };
}
