import 'server-only';
import { eq, min } from 'drizzle-orm';
import type { TransferableKind } from '@/lib/schemas/transfers';
import type { Db, Tx } from '@/lib/server/db';
import {
  accommodationBookings,
  checkIns,
  eventSessions,
  events,
  festivalPasses,
  participationOptions,
  registrations,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { eventRules, staysWithRules } from './item-terms';
import { eventFreezeAt, shopFreezeAt } from './rules';
import { notYours, refuseUnlessLeader } from './whose';

/*
 * The thing a transfer moves, read (and row-locked) the one way the offer and the acceptance both read it:
 * who holds it, whether it still stands, until when it may change, and what a registration costs.
 */

export interface TransferThing {
  kind: TransferableKind;
  id: string;
  /** The registration's leader or the stay's guest. */
  holderUserId: string;
  live: boolean;
  freezeAt: Date;
  paymentOrderId: string | null;
  /** "Robo Race (Solo)", "Deluxe room from 2027-02-21": how mails and lists name it. */
  summary: string;
  /** "the registration for Robo Race": how the freeze's refusal names it. */
  what: string;
  /** Set for a registration: what the receiver's eligibility and price are checked against. */
  registration?: {
    eventId: number;
    eventName: string;
    optionName: string;
    optionPrice: number;
    instituteFeeWaived: boolean;
    paidPaise: number;
    isTeamOption: boolean;
  };
}

/** Reads a registration or a stay, locking its row when `lock` (the caller has locked its payment first). */
export async function readThing(
  tx: Db | Tx,
  kind: TransferableKind,
  id: string,
  lock: boolean,
): Promise<TransferThing | null> {
  if (kind === 'accommodation_booking') {
    const query = staysWithRules(tx).where(eq(accommodationBookings.id, id));
    const [stay] = lock ? await query.for('update', { of: accommodationBookings }) : await query;
    if (!stay) return null;
    const summary = `${stay.typeName} from ${stay.startDate}`;
    return {
      kind,
      id,
      holderUserId: stay.userId,
      live: stay.status === 'confirmed',
      freezeAt: shopFreezeAt(stay),
      paymentOrderId: stay.paymentOrderId,
      summary,
      what: `the stay (${stay.typeName})`,
    };
  }
  const query = tx
    .select({
      leaderUserId: registrations.leaderUserId,
      status: registrations.status,
      paymentOrderId: registrations.paymentOrderId,
      amountPaise: registrations.amountPaise,
      eventId: events.id,
      eventName: events.name,
      startsAt: events.startsAt,
      instituteFeeWaived: events.instituteFeeWaived,
      optionName: participationOptions.participationName,
      optionPrice: participationOptions.price,
      maxRange: participationOptions.maxRange,
      ...eventRules,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(participationOptions, eq(participationOptions.id, registrations.participationId))
    .where(eq(registrations.id, id));
  const [row] = lock ? await query.for('update', { of: registrations }) : await query;
  if (!row) return null;
  const [first] = await tx
    .select({ at: min(eventSessions.startsAt) })
    .from(eventSessions)
    .where(eq(eventSessions.eventId, row.eventId));
  return {
    kind,
    id,
    holderUserId: row.leaderUserId,
    live: row.status === 'confirmed',
    freezeAt: eventFreezeAt(row, first?.at ?? row.startsAt),
    paymentOrderId: row.paymentOrderId,
    summary: `${row.eventName} (${row.optionName})`,
    what: `the registration for ${row.eventName}`,
    registration: {
      eventId: row.eventId,
      eventName: row.eventName,
      optionName: row.optionName,
      optionPrice: row.optionPrice,
      instituteFeeWaived: row.instituteFeeWaived,
      paidPaise: row.amountPaise,
      isTeamOption: row.maxRange > 1,
    },
  };
}

export const teamRefusal =
  'Only a solo registration can be transferred; a team’s leader can change the team instead.';

/**
 * The giver's own thing, as they may offer it: theirs (a team member who is not its leader is told why
 * not; anyone else gets 404, as for something that does not exist), standing, and a solo registration.
 */
export async function giversThing(
  tx: Tx,
  userId: string,
  kind: TransferableKind,
  id: string,
): Promise<TransferThing> {
  const thing = await readThing(tx, kind, id, true);
  if (!thing) throw new AppError('not_found', notYours);
  if (thing.holderUserId !== userId) {
    if (kind === 'registration') {
      await refuseUnlessLeader(tx, { id, leaderUserId: thing.holderUserId }, userId, teamRefusal);
    }
    throw new AppError('not_found', notYours);
  }
  if (!thing.live) throw new AppError('conflict', `This is cancelled, so it cannot be transferred.`);
  if (thing.registration?.isTeamOption) throw new AppError('conflict', teamRefusal);
  return thing;
}

/**
 * Refuses a transfer once the giver has been checked in at the gate: whoever came in on a pass keeps
 * what it covered. The acceptance calls this under the pass's row lock, the lock the gate's check-in
 * takes (lib/server/passes/passes.ts), so the two never both succeed.
 */
export async function assertGiverNotCheckedIn(tx: Tx, giverUserId: string, lock: boolean): Promise<void> {
  const query = tx
    .select({ id: festivalPasses.id })
    .from(festivalPasses)
    .where(eq(festivalPasses.userId, giverUserId));
  const [pass] = lock ? await query.for('update') : await query;
  if (!pass) return;
  const [used] = await tx
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(eq(checkIns.passId, pass.id))
    .limit(1);
  if (used) {
    throw new AppError(
      'conflict',
      'This place cannot be transferred: its holder has already checked in at the gate.',
      { reason: 'checked_in' },
    );
  }
}
