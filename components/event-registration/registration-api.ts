import type { CheckoutSuccess, CreatedOrder } from '@/components/payment/razorpay-checkout';
import { api } from '@/lib/api-client';
import type { RegistrationOverlapWarning, VerificationResult } from '@/lib/schemas/event-registration';
import type { TeamSubmission } from './team-draft';

/** The event registration calls of SPEC.md part 7, typed for the screen. */

export function verifyTeam(eventId: number, submission: TeamSubmission) {
  return api.post<VerificationResult>(`/api/event-register/user-event-verification/${eventId}`, {
    emails: submission.emails,
    participationId: submission.option.id,
    // Not read by the server yet; sent so its gate can cover the team name too.
    ...(submission.teamName !== null ? { teamName: submission.teamName } : {}),
  });
}

/**
 * The order for the fee the screen shows, in rupees; the server refuses a price that is not its own. With
 * a waiting list's offer (`offerId`) the order takes over the place held for the caller.
 */
export function createEventOrder(eventId: number, submission: TeamSubmission, offerId: string | null = null) {
  return api.post<CreatedOrder>('/api/payment/create-event-order', {
    amount: submission.option.price,
    eventId,
    participationId: submission.option.id,
    emails: submission.emails,
    ...(submission.teamName ? { teamName: submission.teamName } : {}),
    ...(offerId ? { offerId } : {}),
  });
}

/**
 * Registers the team: with the payment's proof, or free. A free registration on a waiting list's offer
 * names it (`offerId`, beside registerData) and takes the place held for the caller at once.
 */
export function registerForEvent(
  eventId: number,
  submission: TeamSubmission,
  isDAStudent: boolean,
  payData: CheckoutSuccess | null,
  offerId: string | null = null,
) {
  return api.post<unknown>(`/api/event-register/event-registration/${eventId}`, {
    registerData: {
      emails: submission.emails,
      isDAStudent,
      teamName: submission.teamName,
      participationId: submission.option.id,
    },
    payData,
    ...(offerId ? { offerId } : {}),
  });
}

/** Who of these people (the caller always included) already has an event at the same time as this one. */
export function checkOverlaps(eventId: number, teammateEmails: string[]) {
  return api.post<RegistrationOverlapWarning[]>('/api/event-register/overlaps', {
    eventId,
    emails: teammateEmails,
  });
}
