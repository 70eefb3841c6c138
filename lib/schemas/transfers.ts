import { z } from 'zod';
import { emailSchema } from './auth';

/*
 * Transfers (docs/own-changes.md): the holder of a solo registration or a stay offers it to another
 * verified account by its e-mail; the receiver accepts or declines from their own profile.
 */

export const transferableKinds = ['registration', 'accommodation_booking'] as const;
export type TransferableKind = (typeof transferableKinds)[number];

export const transferStates = ['offered', 'accepted', 'declined', 'withdrawn', 'void'] as const;
export type TransferState = (typeof transferStates)[number];

const notYours = 'This is not one of your plans.';
const noSuchOffer = 'This transfer offer does not exist.';

/** POST /api/my-plans/transfer */
export const offerTransferSchema = z.object({
  kind: z.enum(transferableKinds, 'Choose a registration or a stay to transfer.'),
  id: z.uuid(notYours),
  email: emailSchema,
});
export type OfferTransferInput = z.infer<typeof offerTransferSchema>;

/** POST /api/my-plans/transfer/withdraw and /decline */
export const transferOfferIdSchema = z.object({ offerId: z.uuid(noSuchOffer) });
export type TransferOfferIdInput = z.infer<typeof transferOfferIdSchema>;

/** POST /api/my-plans/transfer/accept: a stay also needs the receiver's own identity proof. */
export const acceptTransferSchema = z.object({
  offerId: z.uuid(noSuchOffer),
  identityUploadId: z.uuid('Please upload your identity proof again.').optional(),
});
export type AcceptTransferInput = z.infer<typeof acceptTransferSchema>;

/** One offer as its giver or its receiver sees it. */
export interface TransferOfferView {
  id: string;
  kind: TransferableKind;
  /** The registration's or the stay's id. */
  entityId: string;
  state: TransferState;
  /** "Robo Race (Solo)", "Deluxe room from 2027-02-21". */
  summary: string;
  /** The other person: the receiver for the giver, the giver for the receiver. */
  otherName: string;
  otherEmail: string;
  createdAt: string;
  /** Until when it can be accepted (the item's freeze, ISO). */
  freezeAt: string;
}

/** GET /api/my-plans/transfers: open offers made to me and by me. */
export interface MyTransfers {
  incoming: TransferOfferView[];
  outgoing: TransferOfferView[];
}

export interface TransferOutcome {
  offer: TransferOfferView;
  /** True when this request found the offer already in that state (a double tap): nothing was done twice. */
  already: boolean;
}
