import 'server-only';
import { and, asc, eq, isNull, max, min } from 'drizzle-orm';
import { formatPrice } from '@/lib/money';
import type { TeamChangeInput, TeamChangeOutcome } from '@/lib/schemas/team-change';
import { recordAudit } from '@/lib/server/admin/audit';
import { now } from '@/lib/server/clock';
import type { Db, Tx } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import {
  eventSessions,
  events,
  participantChanges,
  participationOptions,
  paymentOrders,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { PendingMail } from '@/lib/server/mail/mail-service';
import { removedFromTeamMail } from '@/lib/server/mail/team-change-mails';
import { ensurePasses } from '@/lib/server/passes/passes';
import { checkMembers, teamPricePaise } from '@/lib/server/services/event-registration';
import { mailRegistration } from '@/lib/server/services/event-registration-fulfilment';
import { endMembership } from '@/lib/server/services/event-registration-leave';
import { eventRules } from './item-terms';
import { assertBeforeFreeze, eventFreezeAt } from './rules';
import { notYours, refuseUnlessLeader } from './whose';

/*
 * The leader of a team registration changes its members from the profile: adds, removes, or replaces
 * (one removal and one addition in one request). One transaction, under the registration's row lock
 * (the payment order's first, the order an organiser's refund takes them in):
 *
 *   - only the leader may (a member is answered 403, anyone else 404, as for something that does not exist);
 *   - the event's freeze is checked (rules.ts);
 *   - the team as it would be goes through the registration's own checks (checkMembers: size within the
 *     option's bounds, no one twice, the institute rule, each newcomer verified and not registered for the
 *     event already);
 *   - a change that would make the team owe more is refused, saying how much: payments for changes are not
 *     taken online yet. Removing members never refunds anything automatically;
 *   - a removed member's row ends as a member leaving by link ends it (endMembership), so their pass, the
 *     timetable and the calendar stop counting them (live-members.ts); a newcomer's row is added and gets a
 *     pass (ensurePasses), as at registration;
 *   - participant_changes and the audit log record it; the newcomers get the registration's confirmation
 *     (with the calendar file), the removed are told; the mails go after the commit.
 *
 * Places are counted per registration (a team takes one place, docs/inventory.md), so a change of members
 * takes or frees none. The database's one-live-registration-per-person-per-event index decides two leaders
 * adding the same person at once: one gets them, the other a 409.
 *
 * Idempotent: a newcomer already in the team and a removal of someone already gone change nothing; a
 * request that changes nothing answers so (a double tap changes the team once).
 */

interface Member {
  memberId: string;
  userId: string;
  email: string;
  name: string;
  isLeader: boolean;
}

async function liveTeam(tx: Tx, registrationId: string): Promise<Member[]> {
  const rows = await tx
    .select({
      memberId: registrationMembers.id,
      userId: registrationMembers.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isLeader: registrationMembers.isLeader,
    })
    .from(registrationMembers)
    .innerJoin(users, eq(users.id, registrationMembers.userId))
    .where(
      and(eq(registrationMembers.registrationId, registrationId), isNull(registrationMembers.cancelledAt)),
    )
    .orderBy(asc(registrationMembers.position));
  return rows.map((r) => ({ ...r, name: `${r.firstName} ${r.lastName}` }));
}

/** The registration under its lock, once the caller is known to lead it. */
async function ledRegistration(tx: Tx, userId: string, registrationId: string) {
  const [ref] = await tx
    .select({ paymentOrderId: registrations.paymentOrderId })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  if (!ref) throw new AppError('not_found', notYours);
  if (ref.paymentOrderId) {
    await tx
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, ref.paymentOrderId))
      .for('update');
  }
  const [row] = await tx
    .select()
    .from(registrations)
    .where(eq(registrations.id, registrationId))
    .for('update');
  if (!row) throw new AppError('not_found', notYours);
  await refuseUnlessLeader(
    tx,
    { id: registrationId, leaderUserId: row.leaderUserId },
    userId,
    'Only your team’s leader can change its members.',
  );
  if (row.status !== 'confirmed') throw new AppError('conflict', 'This registration has been cancelled.');
  return row;
}

function names(people: { name: string }[]): string {
  return people.map((p) => p.name).join(', ');
}

export async function changeTeam(
  db: Db,
  user: { id: string; email: string },
  input: TeamChangeInput,
): Promise<TeamChangeOutcome> {
  const mail = new PendingMail();
  const outcome = await db.transaction(async (tx): Promise<TeamChangeOutcome> => {
    const at = now();
    const registration = await ledRegistration(tx, user.id, input.registrationId);
    const [event] = await tx
      .select({
        name: events.name,
        startsAt: events.startsAt,
        instituteFeeWaived: events.instituteFeeWaived,
        ...eventRules,
      })
      .from(events)
      .where(eq(events.id, registration.eventId));
    const [first] = await tx
      .select({ at: min(eventSessions.startsAt) })
      .from(eventSessions)
      .where(eq(eventSessions.eventId, registration.eventId));
    assertBeforeFreeze(
      eventFreezeAt(event!, first?.at ?? event!.startsAt),
      at,
      `your registration for ${event!.name}`,
    );
    const [option] = await tx
      .select()
      .from(participationOptions)
      .where(eq(participationOptions.id, registration.participationId));
    if (!option) throw new AppError('gone', 'This way of taking part no longer exists.');

    const team = await liveTeam(tx, registration.id);
    const leader = team.find((m) => m.isLeader) ?? team.find((m) => m.userId === user.id)!;
    const removeIds = [...new Set(input.remove ?? [])];
    if (removeIds.includes(user.id)) {
      throw new AppError(
        'invalid_input',
        'You lead this team, so you cannot remove yourself. To drop out, cancel the registration instead.',
      );
    }
    const leaving = team.filter((m) => removeIds.includes(m.userId));
    // A removal of someone no longer in the team is a repeat of an earlier one: fine. Someone who never
    // was is a mistake worth saying.
    const strangers = removeIds.filter((id) => !team.some((m) => m.userId === id));
    if (strangers.length > 0) {
      const formerly = await tx
        .select({ userId: registrationMembers.userId })
        .from(registrationMembers)
        .where(eq(registrationMembers.registrationId, registration.id));
      if (strangers.some((id) => !formerly.some((f) => f.userId === id))) {
        throw new AppError('invalid_input', 'Someone you asked to remove is not in this team.');
      }
    }
    const addEmails = [...new Set(input.add ?? [])];
    if (leaving.some((m) => addEmails.includes(m.email))) {
      throw new AppError('invalid_input', 'You cannot remove and add the same person in one change.');
    }
    const alreadyIn = team.filter((m) => addEmails.includes(m.email));
    const newcomers = addEmails.filter((e) => !team.some((m) => m.email === e));

    if (leaving.length === 0 && newcomers.length === 0) {
      return {
        registrationId: registration.id,
        changed: false,
        added: [],
        removed: [],
        summary:
          alreadyIn.length > 0
            ? `${names(alreadyIn)} ${alreadyIn.length === 1 ? 'is' : 'are'} already in your team.`
            : 'Nothing to change: your team is already as you asked.',
      };
    }

    const staying = team.filter((m) => !leaving.includes(m));
    const emails = [leader.email, ...staying.filter((m) => m !== leader).map((m) => m.email), ...newcomers];
    const checked = await checkMembers(tx, {
      eventId: registration.eventId,
      eventName: event!.name,
      option: {
        participation_name: option.participationName,
        min_range: option.minRange,
        max_range: option.maxRange,
      },
      emails,
      newcomers,
      counted: (count) => `your team would have ${count}`,
    });

    const before = teamPricePaise(option, registration.isDaStudent, event!.instituteFeeWaived);
    const after = teamPricePaise(option, checked.isDAStudent, event!.instituteFeeWaived);
    if (after > before) {
      throw new AppError(
        'payment_required',
        `This change costs ${formatPrice({ paise: after - before })} more; payments for changes are not taken online yet. Please contact the organisers.`,
      );
    }

    for (const member of leaving) await endMembership(tx, member.memberId, at);
    const joining = checked.members.filter((m) => newcomers.includes(m.email));
    const [last] = await tx
      .select({ position: max(registrationMembers.position) })
      .from(registrationMembers)
      .where(eq(registrationMembers.registrationId, registration.id));
    let addedRows: { id: string }[] = [];
    if (joining.length > 0) {
      try {
        addedRows = await tx.transaction((inner) =>
          inner
            .insert(registrationMembers)
            .values(
              joining.map((m, index) => ({
                registrationId: registration.id,
                eventId: registration.eventId,
                userId: m.id,
                isLeader: false,
                position: (last?.position ?? 0) + 1 + index,
              })),
            )
            .returning({ id: registrationMembers.id }),
        );
      } catch (error) {
        // Registered elsewhere between the check and now (another leader added them first).
        if (isUniqueViolation(error)) {
          throw new AppError(
            'conflict',
            `${joining.length === 1 ? joining[0]!.email : 'Someone you are adding'} is already registered for ${event!.name}.`,
          );
        }
        throw error;
      }
      // A newcomer takes part from now on, so they hold a festival pass, as at registration.
      await ensurePasses(
        tx,
        joining.map((m) => m.id),
      );
    }

    const added = joining.map((m) => ({ userId: m.id, name: `${m.firstName} ${m.lastName}` }));
    const removed = leaving.map((m) => ({ userId: m.userId, name: m.name }));
    const summary = `${event!.name}: ${[
      ...added.map((m) => `+${m.name}`),
      ...removed.map((m) => `−${m.name}`),
    ].join(', ')}`;
    await tx.insert(participantChanges).values({
      userId: user.id,
      action: 'team',
      entity: 'registration',
      entityId: registration.id,
      paymentOrderId: registration.paymentOrderId,
      summary,
    });
    await recordAudit(tx, user, {
      action: 'team_change',
      entity: 'registration',
      entityId: registration.id,
      before: { members: team.map((m) => m.email) },
      after: {
        members: emails,
        added: joining.map((m) => m.email),
        removed: leaving.map((m) => m.email),
        by: 'leader',
      },
    });

    if (addedRows.length > 0) {
      await mailRegistration(
        tx,
        registration.id,
        mail,
        addedRows.map((r) => r.id),
      );
    }
    for (const member of leaving) {
      await mail.add(
        tx,
        removedFromTeamMail(
          { email: member.email, fullName: member.name },
          { eventName: event!.name, leaderName: leader.name, teamName: registration.teamName },
        ),
      );
    }
    return {
      registrationId: registration.id,
      changed: true,
      added,
      removed,
      summary:
        removed.length > 0
          ? `${summary}. Removing a teammate does not refund anything automatically.`
          : summary,
    };
  });
  await mail.send(db);
  return outcome;
}
