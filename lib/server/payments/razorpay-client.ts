import 'server-only';
import { withinTime } from '@/lib/server/within-time';

/**
 * A small client for the parts of Razorpay's REST API the festival uses: orders (create, fetch, list
 * payments), payments (fetch, refund). The transport is `fetch` for real Razorpay, or the built-in
 * sandbox's in-process handler; everything above it is the same code in both modes.
 */

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

export type Transport = (request: Request) => Promise<Response>;

export class PaymentProviderError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'PaymentProviderError';
    this.status = status;
  }
}

export interface RazorpayClient {
  createOrder(input: {
    amount: number;
    currency: 'INR';
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  refundPayment(
    paymentId: string,
    input: { amount: number; notes?: Record<string, string> },
  ): Promise<RazorpayRefund>;
}

/** How long one call to the provider may take before it counts as unreachable. */
export const providerTimeoutMs = 15_000;

export function createRazorpayClient(options: {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  transport: Transport;
  timeoutMs?: number;
}): RazorpayClient {
  const timeoutMs = options.timeoutMs ?? providerTimeoutMs;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const request = new Request(`${options.baseUrl}${path}`, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    let response: Response;
    try {
      // Raced as well as signalled: a transport that ignores the signal (the in-process sandbox) is bounded too.
      response = await withinTime(options.transport(request), timeoutMs);
    } catch (error) {
      throw new PaymentProviderError(
        0,
        `payment provider unreachable: ${error instanceof Error ? error.message : error}`,
      );
    }
    const payload = (await response.json().catch(() => null)) as
      (T & { error?: { description?: string } }) | null;
    if (!response.ok || !payload) {
      throw new PaymentProviderError(
        response.status,
        payload?.error?.description ?? `provider answered ${response.status}`,
      );
    }
    return payload;
  }

  return {
    createOrder: (input) => call('POST', '/orders', input),
    fetchOrder: (orderId) => call('GET', `/orders/${encodeURIComponent(orderId)}`),
    fetchOrderPayments: async (orderId) =>
      (await call<{ items: RazorpayPayment[] }>('GET', `/orders/${encodeURIComponent(orderId)}/payments`))
        .items,
    fetchPayment: (paymentId) => call('GET', `/payments/${encodeURIComponent(paymentId)}`),
    refundPayment: (paymentId, input) =>
      call('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, input),
  };
}
