import { z } from 'zod';
import { maxId } from './admin-common';
import { basicEmailPattern } from './auth-rules';
import { payDataSchema } from './payment';
import { singleLine } from './plain-text';

/**
 * Event registration payloads and the team rules of SPEC.md part 5, shared by the registration screen
 * and the route handlers. The server repeats every check; the screen's are for quick feedback. The team
 * rules the screen checks as the leader types are zod-free, in ./team-rules.ts.
 */

export const emailList = z
  .array(
    z
      .string('Each team member must be an e-mail address.')
      .trim()
      .toLowerCase()
      .max(254, 'An e-mail address must be at most 254 characters.')
      .check(singleLine('An e-mail address')),
    'Please list the team members’ e-mails.',
  )
  .min(1, 'Please list the team members’ e-mails.')
  .max(50, 'A team cannot have more than 50 members.');

/** POST /api/event-register/user-event-verification/{eventId}; participationId names the chosen option. */
export const teamNameSchema = z
  .string('Team name must be text.')
  .trim()
  .max(60, 'Team name must be at most 60 characters.')
  .check(singleLine('Team name'));

export const verifyTeamSchema = z.object({
  emails: emailList,
  participationId: z.coerce
    .number('Please choose how you are taking part.')
    .int()
    .positive()
    .max(maxId, 'Please choose how you are taking part.')
    .optional(),
  /** Checked when sent (this site's screen sends it), so a missing team name is caught before paying. */
  teamName: teamNameSchema.nullable().optional(),
});

/** POST /api/payment/create-event-order: amount in rupees as the screen shows it. */
export const offerIdSchema = z.uuid('The offer link is not valid.');

export const createEventOrderSchema = z.object({
  amount: z.number('Amount must be a number.').positive('Amount must be more than zero.'),
  eventId: z.coerce.number().int().positive().max(maxId),
  participationId: z.coerce.number().int().positive().max(maxId),
  emails: emailList,
  teamName: teamNameSchema.optional(),
  /** A waiting list's offer (docs/waiting-lists.md): the order takes over the place it holds. */
  offerId: offerIdSchema.optional(),
});

/** POST /api/event-register/event-registration/{eventId}. */
export const eventRegistrationSchema = z.object({
  registerData: z.object({
    emails: emailList,
    isDAStudent: z.boolean().optional(),
    teamName: teamNameSchema.optional().nullable(),
    participationId: z.coerce
      .number('Please choose how you are taking part.')
      .int()
      .positive()
      .max(maxId, 'Please choose how you are taking part.'),
  }),
  payData: payDataSchema.nullable().optional(),
  /** A free registration on a waiting list's offer (docs/waiting-lists.md). */
  offerId: offerIdSchema.optional(),
});

export interface VerifiedCandidate {
  email: string;
  fullName: string;
  isLeader: boolean;
}

export interface VerificationResult {
  verifiedCandidates: VerifiedCandidate[];
  isDAStudent: boolean;
  isPaymentMandatory: boolean;
}

/**
 * POST /api/event-register/overlaps: the teammates' e-mails the leader has typed so far (the caller's own
 * is always added by the server). Only well-formed addresses are asked about, so a half-typed one is a 400.
 */
export const registrationOverlapsSchema = z.object({
  eventId: z.coerce
    .number('The event id must be a positive whole number.')
    .int('The event id must be a positive whole number.')
    .positive('The event id must be a positive whole number.')
    .max(maxId, 'The event id must be a positive whole number.'),
  emails: z
    .array(
      z
        .string('Each e-mail must be text.')
        .trim()
        .toLowerCase()
        .max(254, 'An e-mail address must be at most 254 characters.')
        .regex(basicEmailPattern, 'Each e-mail must be a valid e-mail address.')
        .check(singleLine('An e-mail address')),
      'Please list the teammates’ e-mails.',
    )
    .max(50, 'A team cannot have more than 50 members.')
    .default([]),
});

/**
 * One warning of the registration screen. The caller learns their own clash in full; of a typed teammate
 * they learn only that the address has a clash, never the other event or its time: anyone signed in may
 * type any address, and the answer must not tell a stranger where that person will be.
 */
export type RegistrationOverlapWarning =
  | {
      who: 'you';
      /** The caller's own address. */
      email: string;
      /** This event's session that clashes: "Quiz (Finals)". */
      session: string;
      /** The other event's session and its time: "Robo Wars (Prelims)", "Day 2, Sun, 21 Feb, 10:00–12:00". */
      otherSession: string;
      otherWhen: string;
    }
  | {
      who: 'teammate';
      /** The address as the leader typed it (in lower case); one warning per address, however many clash. */
      email: string;
    };
