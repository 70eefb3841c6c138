'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { loadCheckout, openCheckout, sdkLoadFailedMessage } from '@/components/payment/razorpay-checkout';
import { useToast } from '@/components/toast/toast-provider';
import { ApiError, messageOf } from '@/lib/api-client';
import type { FestivalEvent } from '@/lib/content-types';
import { checkoutPrefill, createEventOrder, registerForEvent } from './registration-api';
import type { TeamSubmission } from './team-draft';

interface Payer {
  userId: string;
  email: string;
}

/**
 * 'Pay and Register' (SPEC.md part 4): create the order, load and open Checkout, then register with the
 * payment's proof. Ends at /success or /failure; `inProgress` drives the full-page loader meanwhile.
 * Nothing has been paid when the order cannot be created, so that stays on the screen with a message.
 */
export function useEventPayment(event: FestivalEvent, payer: Payer) {
  const router = useRouter();
  const { toast } = useToast();
  const [inProgress, setInProgress] = useState(false);
  const { userId, email } = payer;

  const pay = useCallback(
    async (submission: TeamSubmission, isDAStudent: boolean) => {
      setInProgress(true);
      const prepare = () =>
        Promise.all([
          loadCheckout(),
          createEventOrder(event.id, submission),
          checkoutPrefill(userId, email),
        ] as const);
      let prepared: Awaited<ReturnType<typeof prepare>>;
      try {
        prepared = await prepare();
      } catch (error) {
        setInProgress(false);
        if (error instanceof ApiError && error.reason === 'price_changed') {
          toast({
            title: 'The fee has changed',
            description: messageOf(error, 'Please check the new fee and try again.'),
            variant: 'error',
          });
          router.refresh();
          return;
        }
        toast({
          title: 'The payment could not start',
          description: messageOf(error, 'Something went wrong'),
          variant: 'error',
        });
        return;
      }
      const [scriptLoaded, { data }, prefill] = prepared;
      if (!scriptLoaded) {
        setInProgress(false);
        window.alert(sdkLoadFailedMessage);
        return;
      }

      const fail = (title: string, description?: string) => {
        toast({ title, description, variant: 'error' });
        router.push('/failure');
      };
      const open = () =>
        openCheckout(
          {
            key: data.key_id,
            amount: data.order.amount,
            currency: data.order.currency,
            order_id: data.order.id,
            name: `${event.name} Event Registration`,
            description: `User Registration for event ${event.name}`,
            prefill,
          },
          {
            paid: (payData) => {
              registerForEvent(event.id, submission, isDAStudent, payData).then(
                () => router.push('/success'),
                (error: unknown) =>
                  fail('Registration not confirmed', messageOf(error, 'Something went wrong')),
              );
            },
            failed: (response) =>
              fail('Payment Failed', response.error?.description ?? 'Your payment could not be completed.'),
            dismissed: () => fail('The payment was not completed!'),
          },
        );
      try {
        open();
      } catch {
        setInProgress(false);
        toast({
          title: 'The payment could not start',
          description: 'Something went wrong',
          variant: 'error',
        });
      }
    },
    [event.id, event.name, userId, email, router, toast],
  );

  return { pay, inProgress };
}
