import type { ApiAnswer } from '@/lib/api-client';
import type { PurchaseSummary } from './purchase-record';
import type { CheckoutPrefill, CheckoutSuccess, CreatedOrder } from './razorpay-checkout';

/** An error toast: its title, and the text shown when the server sent no message of its own ('' for none). */
export interface ErrorNotice {
  title: string;
  fallback: string;
}

/** The server would not create the order: nothing was paid, so the screen stays, explains and may reload. */
export interface Refusal extends ErrorNotice {
  /** Loads what the refusal says has changed (price, stock), so the screen shows it before another try. */
  reload?: () => void;
}

/**
 * One purchase through Checkout (the event fee, merchandise, accommodation): what to order, how Checkout
 * presents it, how to record it once paid, and what the screen says on the way. `runPurchase` carries it
 * out, always ending at /success or /failure once Checkout has opened.
 */
export interface PurchasePlan {
  /** Checkout's title. */
  title: string;
  description: string;
  /** What is being bought, for the result screen that follows (/success or /failure). */
  summary: PurchaseSummary;
  /** Creates the provider order; the server checks the amount shown against its own price. */
  createOrder: () => Promise<ApiAnswer<CreatedOrder>>;
  prefill: () => Promise<CheckoutPrefill> | CheckoutPrefill;
  /**
   * Whether the order reserves stock (merchandise sizes, accommodation places). Such an order is created
   * only once Checkout has loaded, so a failed load holds nothing back from other buyers; an order that
   * reserves nothing is created while the script loads, which opens Checkout sooner.
   */
  holdsStock: boolean;
  /** Records the paid purchase with the payment's proof (payData). */
  confirm: (payData: CheckoutSuccess) => Promise<ApiAnswer<unknown>>;
  /**
   * The server's price is not the one shown (409, reason 'price_changed'). Every purchase must be able to
   * show the new price, hence `reload` is required here.
   */
  priceChanged: Required<Refusal>;
  /** A size or place ran out (reason 'sold_out'); without it this counts as any other refusal. */
  soldOut?: Refusal;
  /** Any other failure before Checkout opens; by default 'The payment could not start'. */
  orderFailed?: Refusal;
  /** Whether /success comes with a 'Payment Successful' toast carrying the server's message; by default yes. */
  successToast?: boolean;
  /** The toast that comes with /failure when the payment went through but could not be recorded. */
  confirmFailed?: ErrorNotice;
}
