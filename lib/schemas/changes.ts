import { z } from 'zod';

/*
 * A participant's own changes to what they hold (docs/own-changes.md): the rules organisers set per item
 * (until when, and what money comes back) and the requests a participant makes from the profile.
 */

/** What comes back on a cancellation: nothing (the terms' default), everything, or a share until a date. */
export const refundPolicies = ['none', 'full', 'percent'] as const;
export type RefundPolicy = (typeof refundPolicies)[number];

/** The things a participant can cancel, as the API names them. */
export const cancellableKinds = ['registration', 'merchandise_order', 'accommodation_booking'] as const;
export type CancellableKind = (typeof cancellableKinds)[number];

/** What a participant changed, as participant_changes records it and the console's list names it. */
export const participantChangeActions = ['cancel', 'size', 'team', 'transfer', 'details'] as const;
export type ParticipantChangeAction = (typeof participantChangeActions)[number];
export const participantChangeLabels: Record<ParticipantChangeAction, string> = {
  cancel: 'Cancellation',
  size: 'T-shirt size',
  team: 'Team',
  transfer: 'Transfer',
  details: 'Details',
};

const uuidMessage = 'This is not one of your plans.';

/** POST /api/my-plans/cancel */
export const cancelOwnSchema = z.object({
  kind: z.enum(cancellableKinds, 'Choose what to cancel.'),
  id: z.uuid(uuidMessage),
});
export type CancelOwnInput = z.infer<typeof cancelOwnSchema>;

/** The rules of one item as the participant sees them before changing it. */
export interface ChangeTerms {
  /** Until when changes are taken (ISO); null when the organisers left no time (never frozen). */
  freezeAt: string | null;
  /** False once the freeze has passed. */
  open: boolean;
  /** What a cancellation now gives back, in paise, and how the policy reads. */
  refundPaise: number;
  refundLabel: string;
}

export interface CancelOutcome {
  kind: CancellableKind;
  id: string;
  /** True when this request found it already cancelled (a double tap): nothing was done twice. */
  alreadyCancelled: boolean;
  refundPaise: number;
}

/** GET /api/my-plans: what the participant holds, each with what they may change and on what terms. */
export interface MyPlans {
  registrations: {
    id: string;
    eventId: number;
    eventName: string;
    optionName: string;
    teamName: string | null;
    /** Only the leader changes or cancels a team's registration. */
    isLeader: boolean;
    paidPaise: number;
    terms: ChangeTerms;
    /** The live members, leader first; each e-mail only when the caller leads the team. */
    members: { userId: string; name: string; email?: string; isLeader: boolean }[];
    /** The option's team-size bounds, leader included. */
    minMembers: number;
    maxMembers: number;
  }[];
  merchandiseOrders: {
    id: string;
    summary: string;
    paidPaise: number;
    terms: ChangeTerms;
    /** Each product in one size, with the sizes it could change to (POST /api/my-plans/size). */
    lines: TeeLine[];
  }[];
  stay: { id: string; summary: string; paidPaise: number; terms: ChangeTerms } | null;
}

/** One line of a T-shirt order as the profile's size change shows it. */
export interface TeeLine {
  id: number;
  productName: string;
  size: string;
  qty: number;
  /** The product's sizes in the shop's order; `available`: on sale with a unit left for this line. */
  sizes: { size: string; available: boolean }[];
}
