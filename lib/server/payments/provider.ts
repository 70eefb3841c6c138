import 'server-only';
import type { Db } from '@/lib/server/db';
import { env, usesPaymentSandbox } from '@/lib/server/env';
import { createRazorpayClient, type RazorpayClient, type Transport } from './razorpay-client';
import { sandboxBasePath, sandboxCredentials } from './sandbox/credentials';
import { handleSandboxRequest, redeliverSandboxWebhooks } from './sandbox/server';

/**
 * Which payment provider the app talks to: real Razorpay when its keys are set, otherwise the built-in
 * sandbox that speaks the same protocol. Only addresses and keys differ.
 */
export interface PaymentProvider {
  mode: 'razorpay' | 'sandbox';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** What the browser loads to open the checkout dialog. */
  checkoutScriptUrl: string;
  client: RazorpayClient;
  /**
   * The sandbox only: send again the webhooks the app has not accepted (Razorpay retries its own for a
   * day, on its schedule; the sandbox on reconciliation's).
   */
  redeliverWebhooks?: (db: Db, olderThanSeconds: number) => Promise<number>;
}

let cached: PaymentProvider | undefined;
let testTransport: ((real: Transport) => Transport) | undefined;
let testTimeoutMs: number | undefined;

/**
 * Tests put a fault between the app and the provider (unreachable, slow, erring) by wrapping the real
 * transport, and may shorten the timeout; undefined restores both.
 */
export function setPaymentTransportForTests(
  wrap: ((real: Transport) => Transport) | undefined,
  timeoutMs?: number,
): void {
  testTransport = wrap;
  testTimeoutMs = timeoutMs;
  cached = undefined;
}

function transportOf(real: Transport): Transport {
  return testTransport ? testTransport(real) : real;
}

export function paymentProvider(): PaymentProvider {
  if (cached) return cached;
  if (!usesPaymentSandbox()) {
    const e = env();
    const keyId = e.RAZORPAY_KEY_ID as string;
    const keySecret = e.RAZORPAY_KEY_SECRET as string;
    cached = {
      mode: 'razorpay',
      keyId,
      keySecret,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET as string,
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      client: createRazorpayClient({
        baseUrl: 'https://api.razorpay.com/v1',
        keyId,
        keySecret,
        transport: transportOf(fetch),
        timeoutMs: testTimeoutMs,
      }),
    };
    return cached;
  }
  const { keyId, keySecret, webhookSecret } = sandboxCredentials();
  cached = {
    mode: 'sandbox',
    keyId,
    keySecret,
    webhookSecret,
    checkoutScriptUrl: `${sandboxBasePath}/checkout.js`,
    client: createRazorpayClient({
      baseUrl: `http://sandbox.internal${sandboxBasePath}`,
      keyId,
      keySecret,
      // The sandbox answers in-process: no network hop, and tests need no running server.
      transport: transportOf(handleSandboxRequest),
      timeoutMs: testTimeoutMs,
    }),
    redeliverWebhooks: redeliverSandboxWebhooks,
  };
  return cached;
}
