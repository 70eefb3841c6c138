import 'server-only';
import { and, eq, isNull, max } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '@/lib/server/admin/audit';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import {
  eventSessions,
  events,
  participationOptions,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { teamDepartureMail } from '@/lib/server/mail/registration-mails';
import { sendMail } from '@/lib/server/mail/mail-service';
import { registrationDetails } from './event-registration-fulfilment';
import { readLeaveTeamToken } from './event-registration-leave-link';

export { leaveTeamToken } from './event-registration-leave-link';

/*
 * Leaving a team by the link in a teammate's confirmation mail. Anyone signed in can name any verified
 * person as a teammate, so each teammate can undo it: leaving ends their membership (the registration
 * and the rest of the team stay), which frees them to register for the event elsewhere and, when it was
 * the only thing they were registered for, cancels their pass (a pass is valid while its holder has
 * something live). The leader is mailed, the change is in the audit log and the console's list shows it.
 * The leader cannot leave this way: a team without its leader is the organisers' call (they cancel or
 * refund). A team left below its option's minimum stays registered, flagged in the console; nothing is
 * refunded automatically. A link stops working at the event's end (./event-registration-leave-link.ts):
 * then it is refused with 410 Gone.
 */

/**
 * Ends one membership, the one way a member stops being in a team whoever asks (the member by link, the
 * leader from the profile): the row stays, closed at `at`; the pass, the timetable and the calendar stop
 * counting them (live-members.ts). Answers whether it was still live.
 */
export async function endMembership(tx: Tx, memberId: string, at: Date): Promise<boolean> {
  const ended = await tx
    .update(registrationMembers)
    .set({ cancelledAt: at })
    .where(and(eq(registrationMembers.id, memberId), isNull(registrationMembers.cancelledAt)))
    .returning({ id: registrationMembers.id });
  return ended.length > 0;
}

const invalidLink = 'This link is not valid. Please use the link from your confirmation mail.';
export const leaveLinkExpired =
  'This link has expired. Please contact the event’s organisers if you need to leave this team.';

/** POST /api/event-register/leave-team */
export const leaveTeamSchema = z.object({ token: z.string(invalidLink).max(200, invalidLink) });

export type LeaveTeamView =
  | { state: 'invalid' }
  /** A genuine link past its time: it shows nothing of the team any more. */
  | { state: 'expired' }
  | {
      /** member: may leave; left: already did; leader: cannot; cancelled: the whole registration is. */
      state: 'member' | 'left' | 'leader' | 'cancelled';
      eventName: string;
      optionName: string;
      teamName: string | null;
      memberName: string;
      leaderName: string;
    };

async function membership(db: Db | Tx, memberId: string) {
  const [row] = await db
    .select({
      memberId: registrationMembers.id,
      registrationId: registrationMembers.registrationId,
      eventId: registrations.eventId,
      userId: registrationMembers.userId,
      isLeader: registrationMembers.isLeader,
      leftAt: registrationMembers.cancelledAt,
      status: registrations.status,
      leaderUserId: registrations.leaderUserId,
      teamName: registrations.teamName,
      eventName: events.name,
      optionName: participationOptions.participationName,
      minMembers: participationOptions.minRange,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(registrationMembers)
    .innerJoin(registrations, eq(registrations.id, registrationMembers.registrationId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(participationOptions, eq(participationOptions.id, registrations.participationId))
    .innerJoin(users, eq(users.id, registrationMembers.userId))
    .where(eq(registrationMembers.id, memberId));
  return row ?? null;
}

type Membership = NonNullable<Awaited<ReturnType<typeof membership>>>;

/**
 * Whether a link has stopped working: at the expiry it carries, or earlier when the organisers have since
 * moved the event's last session to end sooner.
 */
async function expired(db: Db | Tx, link: { expiresAt: Date }, eventId: number): Promise<boolean> {
  const at = now();
  if (at >= link.expiresAt) return true;
  const [event] = await db
    .select({ endsAt: max(eventSessions.endsAt) })
    .from(eventSessions)
    .where(eq(eventSessions.eventId, eventId));
  return event?.endsAt ? at >= event.endsAt : false;
}

function stateOf(row: Membership): Exclude<LeaveTeamView['state'], 'invalid' | 'expired'> {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.isLeader) return 'leader';
  return row.leftAt ? 'left' : 'member';
}

/** What the leave page shows for a token. */
export async function teamForLeaveToken(db: Db, token: string): Promise<LeaveTeamView> {
  const link = readLeaveTeamToken(token);
  const row = link ? await membership(db, link.memberId) : null;
  if (!link || !row) return { state: 'invalid' };
  if (await expired(db, link, row.eventId)) return { state: 'expired' };
  const [leader] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row.leaderUserId));
  return {
    state: stateOf(row),
    eventName: row.eventName,
    optionName: row.optionName,
    teamName: row.teamName,
    memberName: `${row.firstName} ${row.lastName}`,
    leaderName: leader ? `${leader.firstName} ${leader.lastName}` : '',
  };
}

const refusals: Record<Exclude<LeaveTeamView['state'], 'invalid' | 'expired' | 'member'>, string> = {
  left: 'You have already left this team.',
  leader:
    'A team leader cannot leave by link. To cancel the registration, please contact the event’s organisers.',
  cancelled: 'This registration has been cancelled already.',
};

/** Ends the membership a token names; answers the sentence the page shows. */
export async function leaveTeam(db: Db, token: string): Promise<string> {
  const link = readLeaveTeamToken(token);
  if (!link) throw new AppError('invalid_input', invalidLink);
  const { memberId } = link;
  const left = await db.transaction(async (tx) => {
    const found = await membership(tx, memberId);
    if (!found) throw new AppError('invalid_input', invalidLink);
    if (await expired(tx, link, found.eventId)) throw new AppError('gone', leaveLinkExpired);
    // The registration's row lock orders a leave against a refund or another member leaving.
    await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.id, found.registrationId))
      .for('update');
    const row = (await membership(tx, memberId))!;
    const state = stateOf(row);
    if (state !== 'member') throw new AppError('conflict', refusals[state]);
    const at = now();
    await endMembership(tx, memberId, at);
    const live = await tx
      .select({ userId: registrationMembers.userId })
      .from(registrationMembers)
      .where(
        and(
          eq(registrationMembers.registrationId, row.registrationId),
          isNull(registrationMembers.cancelledAt),
        ),
      );
    await recordAudit(
      tx,
      { id: row.userId, email: row.email },
      {
        action: 'leave_team',
        entity: 'registration',
        entityId: row.registrationId,
        before: { member: row.email, memberCount: live.length + 1 },
        after: {
          left: row.email,
          leftAt: at,
          memberCount: live.length,
          minMembers: row.minMembers,
          belowMinimum: live.length < row.minMembers,
        },
      },
    );
    return row;
  });
  try {
    const details = await registrationDetails(db, left.registrationId);
    const leader = details.members.find((m) => m.isLeader);
    if (leader) {
      await sendMail(
        db,
        teamDepartureMail(leader, {
          details,
          leaverName: `${left.firstName} ${left.lastName}`,
          minMembers: left.minMembers,
        }),
      );
    }
  } catch (error) {
    // The departure stands (and is in the audit log) even if the leader's mail cannot be queued.
    logger.error({ err: error, registrationId: left.registrationId }, 'mailing the team leader failed');
  }
  const team = left.teamName ? `team ${left.teamName}` : 'the team';
  return `You have left ${team} for ${left.eventName}.`;
}
