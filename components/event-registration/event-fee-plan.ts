import { checkoutPrefill } from '@/components/payment/checkout-prefill';
import type { PurchasePlan } from '@/components/payment/purchase-plan';
import type { Buyer } from '@/components/payment/use-buyer';
import type { FestivalEvent } from '@/lib/content-types';
import { createEventOrder, registerForEvent } from './registration-api';
import type { TeamSubmission } from './team-draft';

/**
 * 'Pay and Register' (SPEC.md part 4) as a purchase: the fee of the chosen option, paid through the shared
 * checkout, then the team registered with the payment's proof. `showNewFee` loads the event again after
 * the server refused a fee that is no longer its own.
 */
export function eventFeePlan({
  event,
  submission,
  isDAStudent,
  payer,
  showNewFee,
  retryPath,
  offerId = null,
}: {
  event: FestivalEvent;
  submission: TeamSubmission;
  isDAStudent: boolean;
  payer: Buyer;
  showNewFee: () => void;
  /** This registration screen's path, where /failure offers to try again. */
  retryPath: string;
  /** A waiting list's offer for this option: the order takes over the place held for the payer. */
  offerId?: string | null;
}): PurchasePlan {
  return {
    title: `${event.name} Event Registration`,
    description: `User Registration for event ${event.name}`,
    summary: {
      kind: 'event',
      userId: payer.userId,
      items: [`${event.name} (${submission.option.participation_name})`],
      retryPath,
    },
    createOrder: () => createEventOrder(event.id, submission, offerId),
    prefill: () => checkoutPrefill(payer.userId, payer.email),
    // A registration reserves no stock.
    holdsStock: false,
    confirm: (payData) => registerForEvent(event.id, submission, isDAStudent, payData),
    priceChanged: {
      title: 'The fee has changed',
      fallback: 'Please check the new fee and try again.',
      reload: showNewFee,
    },
    // SPEC.md part 8: a paid registration goes to /success with no toast of its own.
    successToast: false,
    confirmFailed: { title: 'Registration not confirmed', fallback: 'Something went wrong' },
  };
}
