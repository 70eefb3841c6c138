import 'server-only';
import { toPaise } from '@/lib/money';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ParticipationOption } from '@/lib/content-types';
import type {
  createEventOrderSchema,
  eventRegistrationSchema,
  VerificationResult,
} from '@/lib/schemas/event-registration';
import { isInstituteEmail } from '@/lib/schemas/team-rules';
import type { AuthUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import {
  assertAmountMatches,
  createPaymentOrder,
  orderForCheckout,
  type CheckoutOrder,
} from '@/lib/server/payments/orders';
import { orderItem, type EventOrderItem } from '@/lib/server/payments/order-item';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { refundedMessage, settleOrder } from '@/lib/server/payments/settle';
import { consume, type Limit } from '@/lib/server/rate-limit';
import { getEvent } from './content';
import { holdPlace } from './places';
import { insertRegistration, mailRegistration, registeredAmong } from './event-registration-fulfilment';
import { accountColumns } from './recipients';

/*
 * Event registration: the server-side gate (verification), the paid path (order, then confirmation) and
 * the free path. Every rule is checked here, whatever the screen already checked.
 */

interface VerifiedTeam {
  result: VerificationResult;
  eventName: string;
  option: ParticipationOption;
  memberUserIds: string[];
  emails: string[];
}

function sizeRule(option: Pick<ParticipationOption, 'min_range' | 'max_range'>): string {
  const { min_range: min, max_range: max } = option;
  if (min === max) return min === 1 ? 'one member' : `exactly ${min} members`;
  return `${min} to ${max} members`;
}

/** "Asha K.": enough for a leader to recognise a teammate, not enough to look up a stranger. */
export function shortName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

/**
 * The verification call answers whether an address has a verified account, so it is limited per
 * signed-in person: a team is verified a few times, not hundreds.
 */
export const verificationLimit: Limit = { limit: 30, windowSeconds: 600 };

/** POST /api/event-register/user-event-verification/{eventId}: verifyTeam, counted against the caller. */
export async function verifyTeamForCaller(
  db: Db,
  caller: AuthUser,
  eventId: number,
  input: { emails: string[]; participationId?: number; teamName?: string | null },
): Promise<VerifiedTeam> {
  await consume(db, `event-verification:user:${caller.id}`, verificationLimit);
  return verifyTeam(db, caller, eventId, input);
}

/**
 * A refusal that concerns one member: besides the message, a field error under `emails.{position}` (the
 * leader is 0), so the form can show it under that teammate's e-mail field as well as in its toast.
 */
function memberRefusal(
  code: 'invalid_input' | 'conflict',
  emails: readonly string[],
  email: string,
  message: string,
  position = emails.indexOf(email),
): AppError {
  return new AppError(code, message, { fieldErrors: { [`emails.${position}`]: message } });
}

/**
 * The price a team pays for an option: the option's, unless the team is an institute team and the event
 * waives the fee for them. A registration and a change of its team are priced by this one rule.
 */
export function teamPricePaise(
  option: Pick<ParticipationOption, 'price'>,
  isDAStudent: boolean,
  instituteFeeWaived: boolean,
): number {
  return option.price > 0 && !(isDAStudent && instituteFeeWaived) ? toPaise(option.price) : 0;
}

/**
 * The rules a team's members must meet, for a registration and for a change of its team alike: no one
 * twice, the option's size (leader included), an institute team all from the institute, and each
 * newcomer with a verified account and not registered for the event already. `emails` is the whole team,
 * leader first; `newcomers` those joining now (at registration, everyone). Throws the first refusal.
 */
export async function checkMembers(
  db: Db,
  input: {
    eventId: number;
    eventName: string;
    option: Pick<ParticipationOption, 'participation_name' | 'min_range' | 'max_range'>;
    emails: string[];
    newcomers: string[];
    /** How the refusal of a size counts the team; at registration "you listed 3". */
    counted?: (count: number) => string;
  },
) {
  const { option, emails } = input;
  const seen = new Set<string>();
  emails.forEach((email, index) => {
    if (seen.has(email))
      throw memberRefusal(
        'invalid_input',
        emails,
        email,
        `Duplicate email found: ${email} at position ${index + 1}`,
        index,
      );
    seen.add(email);
  });
  if (emails.length < option.min_range || emails.length > option.max_range) {
    const counted = input.counted ?? ((count: number) => `you listed ${count}`);
    throw new AppError(
      'invalid_input',
      `${option.participation_name} needs ${sizeRule(option)}, leader included; ${counted(emails.length)}.`,
    );
  }
  const domain = env().INSTITUTE_EMAIL_DOMAIN;
  const isDAStudent = isInstituteEmail(emails[0]!, domain);
  if (isDAStudent) {
    const outsider = emails.find((e) => !isInstituteEmail(e, domain));
    if (outsider) {
      throw memberRefusal(
        'invalid_input',
        emails,
        outsider,
        `Every member of an institute team needs an @${domain} e-mail address: ${outsider} does not have one.`,
      );
    }
  }
  const accounts = await db.select(accountColumns).from(users).where(inArray(users.email, emails));
  const byEmail = new Map(accounts.map((a) => [a.email, a]));
  const missing = emails.find((e) => !byEmail.get(e)?.verified && input.newcomers.includes(e));
  if (missing) {
    throw memberRefusal(
      'invalid_input',
      emails,
      missing,
      `${missing} does not have a verified account yet. Ask them to sign up and verify first.`,
    );
  }
  const lost = emails.find((e) => !byEmail.has(e));
  if (lost) throw new AppError('conflict', `${lost} no longer has an account.`);
  const members = emails.map((e) => byEmail.get(e)!);
  const joining = members.filter((m) => input.newcomers.includes(m.email));
  const already = await registeredAmong(
    db,
    input.eventId,
    joining.map((m) => m.id),
  );
  if (already.length > 0) {
    const who = joining.find((m) => already.includes(m.id))!;
    throw memberRefusal(
      'conflict',
      emails,
      who.email,
      `${who.email} is already registered for ${input.eventName}.`,
    );
  }
  return { isDAStudent, members };
}

/** Every check of the registration gate; throws an AppError with its own message at the first refusal. */
export async function verifyTeam(
  db: Db,
  caller: AuthUser,
  eventId: number,
  input: { emails: string[]; participationId?: number; teamName?: string | null },
): Promise<VerifiedTeam> {
  const event = await getEvent(db, { eventId });
  if (!event) throw new AppError('not_found', 'This event does not exist.');
  if (!event.isRegistrationOpen || event.participations.length === 0) {
    throw new AppError('conflict', `Registration for ${event.name} is closed.`);
  }
  const option =
    input.participationId === undefined
      ? event.participations.length === 1
        ? event.participations[0]
        : undefined
      : event.participations.find((p) => p.id === input.participationId);
  if (!option) throw new AppError('invalid_input', 'Please choose one of this event’s ways of taking part.');
  if (input.teamName !== undefined) teamNameFor(option, input.teamName);

  const emails = input.emails.map((e) => e.trim().toLowerCase());
  if (emails[0] !== caller.email) {
    throw new AppError('invalid_input', 'The team leader must be you: put your own e-mail first.');
  }
  const { isDAStudent, members } = await checkMembers(db, {
    eventId: event.id,
    eventName: event.name,
    option,
    emails,
    newcomers: emails,
  });
  return {
    result: {
      verifiedCandidates: members.map((m, index) => ({
        email: m.email,
        // The leader is the caller; a teammate's name is only confirmed, never disclosed in full.
        fullName: index === 0 ? `${m.firstName} ${m.lastName}` : shortName(m.firstName, m.lastName),
        isLeader: index === 0,
      })),
      isDAStudent,
      isPaymentMandatory: teamPricePaise(option, isDAStudent, event.instituteFeeWaived) > 0,
    },
    eventName: event.name,
    option,
    memberUserIds: members.map((m) => m.id),
    emails,
  };
}

/** A team option (min ≠ max) needs a team name; individual entries have none. */
export function teamNameFor(option: ParticipationOption, teamName: string | null | undefined): string | null {
  if (option.min_range === option.max_range) return null;
  const name = teamName?.trim() ?? '';
  if (name === '')
    throw new AppError('invalid_input', 'Team name is required.', {
      fieldErrors: { teamName: 'Team name is required.' },
    });
  return name;
}

export async function createEventOrder(
  db: Db,
  caller: AuthUser,
  input: z.infer<typeof createEventOrderSchema>,
): Promise<CheckoutOrder> {
  const team = await verifyTeam(db, caller, input.eventId, input);
  const teamName = teamNameFor(team.option, input.teamName);
  if (!team.result.isPaymentMandatory) {
    throw new AppError('invalid_input', 'This registration is free: no payment is needed.');
  }
  const amountPaise = toPaise(team.option.price);
  assertAmountMatches(input.amount, amountPaise);
  const item: EventOrderItem = {
    eventId: input.eventId,
    participationId: team.option.id,
    memberUserIds: team.memberUserIds,
    emails: team.emails,
    teamName,
    isDaStudent: team.result.isDAStudent,
  };
  // The place is held from the order to the payment, as stock is (lib/server/services/places.ts); the
  // inventory's signal tells the waiting lists and the events' pages after the commit.
  return createPaymentOrder(db, {
    purpose: 'event',
    userId: caller.id,
    amountPaise,
    item,
    hold: async (tx, orderId) => {
      await holdPlace(tx, {
        orderId,
        userId: caller.id,
        optionId: team.option.id,
        offerId: input.offerId,
      });
    },
  });
}

export const registrationSuccessMessage =
  'Event Registration Successful. Confirmation has been sent to your mail.';

/**
 * Registers a team. With payData: the payment must be the caller's, correctly signed, captured for the
 * server's price, and for exactly this registration; settling is idempotent. Without: the registration
 * must really be free.
 */
export async function registerForEvent(
  db: Db,
  caller: AuthUser,
  eventId: number,
  input: z.infer<typeof eventRegistrationSchema>,
): Promise<void> {
  const { registerData, payData } = input;
  if (payData) {
    const order = await orderForCheckout(db, caller.id, payData, 'event');
    const item = orderItem(order, 'event');
    const emails = registerData.emails.map((e) => e.trim().toLowerCase());
    if (
      item.eventId !== eventId ||
      item.participationId !== registerData.participationId ||
      item.emails.join(',') !== emails.join(',')
    ) {
      throw new AppError('invalid_input', 'This payment was made for a different registration.');
    }
    const settlement = await settleOrder(db, order.id, payData.razorpay_payment_id, order);
    if (settlement.outcome === 'refunded') {
      throw new AppError('conflict', refundedMessage(settlement.reason));
    }
    return;
  }
  const team = await verifyTeam(db, caller, eventId, registerData);
  const teamName = teamNameFor(team.option, registerData.teamName);
  if (team.result.isPaymentMandatory) {
    throw new AppError('payment_required', 'This registration needs a payment. Please pay to register.');
  }
  // The registration and its confirmation mails commit together; the mails go out after the commit.
  const mail = new PendingMail();
  await db.transaction(async (tx) => {
    const registrationId = await insertRegistration(tx, {
      eventId,
      participationId: team.option.id,
      teamName,
      memberUserIds: team.memberUserIds,
      paymentOrderId: null,
      amountPaise: 0,
      isDaStudent: team.result.isDAStudent,
      offerId: input.offerId,
    });
    await mailRegistration(tx, registrationId, mail);
  });
  await mail.send(db);
}
