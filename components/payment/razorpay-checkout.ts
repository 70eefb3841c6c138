import { api } from '@/lib/api-client';

/**
 * Razorpay Checkout in the browser: the same contract whether the script is Razorpay's or the built-in
 * sandbox's (docs: ARCHITECTURE.md "Payments"). The script is loaded on demand, once per page.
 * Written for every purchase (event fee, merchandise, accommodation), not only event registration.
 */

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface CheckoutFailure {
  error?: { code?: string; description?: string; reason?: string };
}

export interface CheckoutPrefill {
  name?: string;
  email?: string;
  contact?: string;
}

export interface CheckoutOptions {
  key: string;
  /** Paise, as the order says. */
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: CheckoutPrefill;
  theme: { color: string };
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void };
}

export interface CheckoutInstance {
  on(event: 'payment.failed', callback: (response: CheckoutFailure) => void): void;
  open(): void;
  close?(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: CheckoutOptions) => CheckoutInstance;
  }
}

/** POST /api/payment/create-*-order answer. */
export interface CreatedOrder {
  order: { id: string; amount: number; currency: string };
  key_id: string;
}

interface PaymentConfig {
  checkoutScriptUrl: string;
  mode: 'razorpay' | 'sandbox';
}

export const checkoutThemeColor = '#3399cc';
export const sdkLoadFailedMessage = 'Razorpay SDK failed to load. Please check your network and try again.';

let config: Promise<PaymentConfig> | null = null;
let script: Promise<boolean> | null = null;

function paymentConfig(): Promise<PaymentConfig> {
  config ??= api.get<PaymentConfig>('/api/payment/config').then(
    (answer) => answer.data,
    (error: unknown) => {
      config = null;
      throw error;
    },
  );
  return config;
}

function injectScript(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const element = document.createElement('script');
    element.src = src;
    element.async = true;
    element.onload = () => resolve(typeof window.Razorpay === 'function');
    element.onerror = () => {
      element.remove();
      resolve(false);
    };
    document.body.appendChild(element);
  });
}

/**
 * Resolves true once `window.Razorpay` exists, false when the script could not be loaded (the caller
 * shows `sdkLoadFailedMessage`). Rejects when the payment configuration cannot be read.
 */
export async function loadCheckout(): Promise<boolean> {
  if (typeof window.Razorpay === 'function') return true;
  const { checkoutScriptUrl } = await paymentConfig();
  script ??= injectScript(checkoutScriptUrl).then((loaded) => {
    if (!loaded) script = null;
    return loaded;
  });
  return script;
}

/**
 * Opens the checkout dialog. Exactly one of the outcomes is reported, however the provider's callbacks
 * race (a failed attempt followed by closing the dialog, for instance).
 */
export function openCheckout(
  options: Omit<CheckoutOptions, 'handler' | 'modal' | 'theme'>,
  outcome: {
    paid: (response: CheckoutSuccess) => void;
    failed: (response: CheckoutFailure) => void;
    dismissed: () => void;
  },
): void {
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('The checkout script is not loaded.');
  let settled = false;
  const once =
    <A extends unknown[]>(callback: (...args: A) => void) =>
    (...args: A) => {
      if (settled) return;
      settled = true;
      callback(...args);
    };
  const checkout = new Razorpay({
    ...options,
    theme: { color: checkoutThemeColor },
    handler: once((response: CheckoutSuccess) =>
      outcome.paid({
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_order_id: response.razorpay_order_id,
        razorpay_signature: response.razorpay_signature,
      }),
    ),
    modal: { ondismiss: once(outcome.dismissed) },
  });
  checkout.on(
    'payment.failed',
    once((response: CheckoutFailure) => {
      // Razorpay keeps its dialog open for another try; this flow ends at /failure instead.
      checkout.close?.();
      outcome.failed(response);
    }),
  );
  checkout.open();
}
