import type { ToastInput } from '@/components/toast/toast-store';
import { ApiError, messageOf } from '@/lib/api-client';
import type { ErrorNotice, PurchasePlan, Refusal } from './purchase-plan';
import { rememberPurchase } from './purchase-record';
import {
  loadCheckout,
  openCheckout,
  sdkLoadFailedMessage,
  type CheckoutPrefill,
  type CreatedOrder,
} from './razorpay-checkout';

/** What the flow needs from the screen running it; `usePurchase` supplies them from React and the router. */
export interface PurchaseScreen {
  toast: (input: ToastInput) => void;
  navigate: (path: '/success' | '/failure') => void;
  setInProgress: (inProgress: boolean) => void;
}

/** The shop's wording (SPEC.md part 8), for plans that do not say otherwise. */
const couldNotStart = 'The payment could not start';
const defaultOrderFailed: Refusal = { title: couldNotStart, fallback: 'Something went wrong' };
const defaultConfirmFailed: ErrorNotice = { title: 'Something went wrong', fallback: '' };

function errorToast(notice: ErrorNotice, error: unknown): ToastInput {
  return {
    title: notice.title,
    description: messageOf(error, notice.fallback) || undefined,
    variant: 'error',
  };
}

/** Which of the plan's refusals answers an order the server would not create. */
function refusalFor(plan: PurchasePlan, error: unknown): Refusal {
  const reason = error instanceof ApiError ? error.reason : undefined;
  if (reason === 'price_changed') return plan.priceChanged;
  if (reason === 'sold_out' && plan.soldOut) return plan.soldOut;
  return plan.orderFailed ?? defaultOrderFailed;
}

interface Prepared {
  created: CreatedOrder;
  prefill: CheckoutPrefill;
}

/** Loads Checkout, creates the order and reads the prefill; null when the script could not be loaded. */
async function prepare(plan: PurchasePlan): Promise<Prepared | null> {
  if (plan.holdsStock) {
    if (!(await loadCheckout())) return null;
    const [{ data }, prefill] = await Promise.all([plan.createOrder(), plan.prefill()]);
    return { created: data, prefill };
  }
  const [loaded, { data }, prefill] = await Promise.all([loadCheckout(), plan.createOrder(), plan.prefill()]);
  return loaded ? { created: data, prefill } : null;
}

/**
 * The checkout of SPEC.md part 4 for any purchase: load the payment script, create the order, open
 * Checkout, then record the purchase and go to /success; a failed record, a failed payment or a dismissed
 * dialog ends at /failure with a toast. Until Checkout opens nothing is paid, so a refused order or a
 * script that will not load keeps the visitor on the screen. `setInProgress` is true from the start until
 * the screen is left, or the visitor is back on it.
 */
export async function runPurchase(plan: PurchasePlan, screen: PurchaseScreen): Promise<void> {
  screen.setInProgress(true);
  let prepared: Prepared | null;
  try {
    prepared = await prepare(plan);
  } catch (error) {
    screen.setInProgress(false);
    const refusal = refusalFor(plan, error);
    screen.toast(errorToast(refusal, error));
    refusal.reload?.();
    return;
  }
  if (!prepared) {
    screen.setInProgress(false);
    window.alert(sdkLoadFailedMessage);
    return;
  }

  const { created, prefill } = prepared;
  const fail = (toast: ToastInput) => {
    screen.toast(toast);
    screen.navigate('/failure');
  };
  // From here on the flow ends at /success or /failure, which say what this purchase was for.
  rememberPurchase(plan.summary);
  try {
    openCheckout(
      {
        key: created.key_id,
        amount: created.order.amount,
        currency: created.order.currency,
        order_id: created.order.id,
        name: plan.title,
        description: plan.description,
        prefill,
      },
      {
        paid: (payData) => {
          plan.confirm(payData).then(
            (answer) => {
              if (plan.successToast ?? true) {
                screen.toast({
                  title: 'Payment Successful',
                  description: answer.message || undefined,
                  variant: 'success',
                });
              }
              screen.navigate('/success');
            },
            (error: unknown) => fail(errorToast(plan.confirmFailed ?? defaultConfirmFailed, error)),
          );
        },
        failed: (response) =>
          fail({
            title: 'Payment Failed',
            description: response.error?.description ?? 'Your payment could not be completed.',
            variant: 'error',
          }),
        dismissed: () => fail({ title: 'The payment was not completed!', variant: 'error' }),
      },
    );
  } catch {
    screen.setInProgress(false);
    screen.toast({ title: couldNotStart, description: 'Something went wrong', variant: 'error' });
  }
}
