import 'server-only';
import type { AuthUser } from '@/lib/server/auth/session';
import type { Db } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/client';
import { waitingListEntries } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';
import { teamNameFor, verifyTeamForCaller } from './event-registration';
import { itemInfo, lockedUnitsLeft, type InventoryKind, type WaitingEntry } from '@/lib/server/inventory';
import { positions } from './waiting-lists';

/*
 * Joining a waiting list (docs/waiting-lists.md): apart from the offers (waiting-lists.ts) because a team
 * passes the registration gate, and the registration service depends on the offers.
 */

export const placesLeftMessage = 'There are places left: register/buy now.';

/**
 * Joins a full item's list. A participation option's team passes the registration gate first (verifyTeam:
 * the caller first, every member verified and not yet registered, the team's size and name), counted
 * against the caller's verification limit like the gate's own endpoint: it answers whether an address has
 * a verified account, and must not be a way round that limit.
 */
export async function joinWaitingList(
  db: Db,
  caller: AuthUser,
  input: { kind: InventoryKind; itemId: number; emails?: string[]; teamName?: string | null },
): Promise<WaitingEntry & { position: number }> {
  const info = await itemInfo(db, input.kind, input.itemId);
  if (!info.onSale) throw new AppError('conflict', `${info.label} is not on sale.`);
  let emails: string[] = [];
  let teamName: string | null = null;
  if (input.kind === 'participation_option') {
    const team = await verifyTeamForCaller(db, caller, info.eventId!, {
      emails: input.emails ?? [caller.email],
      participationId: input.itemId,
      teamName: input.teamName ?? undefined,
    });
    teamName = teamNameFor(team.option, input.teamName);
    emails = team.emails;
  }
  const entry = await db.transaction(async (tx) => {
    // Under the item's lock, as registrations and offers count: "full" cannot change meanwhile.
    const left = await lockedUnitsLeft(tx, input.kind, input.itemId);
    if (left === null || left > 0)
      throw new AppError('conflict', placesLeftMessage, { reason: 'places_left' });
    try {
      return await tx.transaction(async (inner) => {
        const [row] = await inner
          .insert(waitingListEntries)
          .values({ kind: input.kind, itemId: input.itemId, userId: caller.id, emails, teamName })
          .returning();
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('conflict', `You are already on the waiting list for ${info.label}.`);
      }
      throw error;
    }
  });
  const position = (await positions(db, [entry])).get(entry.id) ?? 1;
  logger.info({ entryId: entry.id, kind: input.kind, itemId: input.itemId }, 'joined a waiting list');
  return { ...entry, position };
}
