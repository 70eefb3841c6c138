'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { messageOf, type ApiAnswer } from '@/lib/api-client';
import {
  loadCheckout,
  openCheckout,
  sdkLoadFailedMessage,
  type CheckoutPrefill,
  type CheckoutSuccess,
  type CreatedOrder,
} from './razorpay-checkout';

/** One purchase through Checkout: what to order, how Checkout presents it, and how to record it once paid. */
export interface Purchase {
  /** Creates the provider order; the server checks the amount shown against its own price. */
  createOrder: () => Promise<ApiAnswer<CreatedOrder>>;
  prefill: () => Promise<CheckoutPrefill> | CheckoutPrefill;
  /** Checkout's title. */
  title: string;
  description: string;
  /** Records the paid purchase with the payment's proof (payData). */
  confirm: (payData: CheckoutSuccess) => Promise<ApiAnswer<unknown>>;
  /** The order could not be created: nothing was paid, so the screen stays and explains. */
  orderFailed: (error: unknown) => void;
}

/**
 * The shop's checkout of SPEC.md part 4: load the payment script, create the order, open Checkout, then
 * record the purchase and go to /success; a failed record, a failed payment or a dismissed dialog ends at
 * /failure with a toast. `inProgress` drives the full-page loader from the click until the page changes.
 */
export function usePurchase() {
  const router = useRouter();
  const { toast } = useToast();
  const [inProgress, setInProgress] = useState(false);

  const purchase = useCallback(
    async (plan: Purchase) => {
      setInProgress(true);
      let created: CreatedOrder;
      let prefill: CheckoutPrefill;
      try {
        if (!(await loadCheckout())) {
          setInProgress(false);
          window.alert(sdkLoadFailedMessage);
          return;
        }
        [{ data: created }, prefill] = await Promise.all([plan.createOrder(), plan.prefill()]);
      } catch (error) {
        setInProgress(false);
        plan.orderFailed(error);
        return;
      }

      const fail = (title: string, description?: string) => {
        toast({ title, description, variant: 'error' });
        router.push('/failure');
      };
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
                  toast({
                    title: 'Payment Successful',
                    description: answer.message || undefined,
                    variant: 'success',
                  });
                  router.push('/success');
                },
                (error: unknown) => fail('Something went wrong', messageOf(error, '') || undefined),
              );
            },
            failed: (response) =>
              fail('Payment Failed', response.error?.description ?? 'Your payment could not be completed.'),
            dismissed: () => fail('The payment was not completed!'),
          },
        );
      } catch {
        setInProgress(false);
        toast({
          title: 'The payment could not start',
          description: 'Something went wrong',
          variant: 'error',
        });
      }
    },
    [router, toast],
  );

  return { purchase, inProgress };
}
