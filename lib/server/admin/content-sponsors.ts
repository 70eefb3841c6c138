import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminSponsor,
  AdminSponsorGroup,
  sponsorChangeSchema,
  sponsorGroupChangeSchema,
  sponsorGroupSchema,
  sponsorSchema,
} from '@/lib/schemas/admin-content';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { contentChangedAfter, contentTags } from '@/lib/server/content-cache';
import type { Db, Tx } from '@/lib/server/db';
import { sponsorGroups, sponsors } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { hasChanges, nextPosition, reorderList, type OrderedList } from './content-shared';

/*
 * The console's verbs for sponsor groups and sponsors, hidden ones included. Every write runs in one
 * transaction with its audit line; the public sponsors page and API are revalidated after commit.
 */

const groupList: OrderedList = {
  table: sponsorGroups,
  id: sponsorGroups.id,
  position: sponsorGroups.position,
  entity: 'sponsor_group',
  label: 'the sponsor groups',
};

const sponsorList: OrderedList = {
  table: sponsors,
  id: sponsors.id,
  position: sponsors.position,
  parent: sponsors.groupId,
  entity: 'sponsor',
  label: "one group's sponsors",
};

type Group = Omit<AdminSponsorGroup, 'sponsors'>;

async function lockedGroup(tx: Db | Tx, id: number): Promise<Group> {
  const [row] = await tx.select().from(sponsorGroups).where(eq(sponsorGroups.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'No sponsor group has that id.');
  return row;
}

async function lockedSponsor(tx: Db | Tx, id: number): Promise<AdminSponsor> {
  const [row] = await tx.select().from(sponsors).where(eq(sponsors.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'No sponsor has that id.');
  return row;
}

async function assertGroupExists(tx: Db | Tx, groupId: number): Promise<void> {
  const [row] = await tx
    .select({ id: sponsorGroups.id })
    .from(sponsorGroups)
    .where(eq(sponsorGroups.id, groupId));
  if (!row) {
    throw new AppError('invalid_input', 'That sponsor group does not exist.', {
      fieldErrors: { groupId: 'That sponsor group does not exist.' },
    });
  }
}

export async function listSponsorsForConsole(
  db: Db | Tx,
  filter: { groupId?: number } = {},
): Promise<AdminSponsor[]> {
  return db
    .select()
    .from(sponsors)
    .where(filter.groupId === undefined ? undefined : eq(sponsors.groupId, filter.groupId))
    .orderBy(asc(sponsors.groupId), asc(sponsors.position), asc(sponsors.id));
}

/** Every group in order with its sponsors in order, hidden ones included. */
export async function listSponsorGroupsForConsole(db: Db): Promise<AdminSponsorGroup[]> {
  const groups = await db
    .select()
    .from(sponsorGroups)
    .orderBy(asc(sponsorGroups.position), asc(sponsorGroups.id));
  const rows = await listSponsorsForConsole(db);
  return groups.map((g) => ({ ...g, sponsors: rows.filter((s) => s.groupId === g.id) }));
}

const changed = <T>(write: Promise<T>) => contentChangedAfter(contentTags.sponsors, write);

export function createSponsorGroup(db: Db, actor: Actor, input: z.output<typeof sponsorGroupSchema>) {
  return changed(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sponsorGroups)
        .values({
          sponsorCategory: input.sponsorCategory,
          isVisible: input.isVisible ?? true,
          position: await nextPosition(tx, groupList),
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'sponsor_group',
        entityId: row!.id,
        after: row,
      });
      return row!;
    }),
  );
}

export function updateSponsorGroup(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof sponsorGroupChangeSchema>,
) {
  return changed(
    db.transaction(async (tx) => {
      const before = await lockedGroup(tx, id);
      const values = { sponsorCategory: input.sponsorCategory, isVisible: input.isVisible };
      if (!hasChanges(values)) return before;
      const [row] = await tx.update(sponsorGroups).set(values).where(eq(sponsorGroups.id, id)).returning();
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'sponsor_group',
        entityId: id,
        before,
        after: row,
      });
      return row!;
    }),
  );
}

/** Removes a group and its sponsors (the audit line keeps them). */
export function deleteSponsorGroup(db: Db, actor: Actor, id: number) {
  return changed(
    db.transaction(async (tx) => {
      const group = await lockedGroup(tx, id);
      const members = await listSponsorsForConsole(tx, { groupId: id });
      await tx.delete(sponsorGroups).where(eq(sponsorGroups.id, id));
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'sponsor_group',
        entityId: id,
        before: { ...group, sponsors: members },
      });
      return { id };
    }),
  );
}

export function reorderSponsorGroups(db: Db, actor: Actor, ids: number[]) {
  return changed(reorderList(db, actor, groupList, ids));
}

export function createSponsor(db: Db, actor: Actor, input: z.output<typeof sponsorSchema>) {
  return changed(
    db.transaction(async (tx) => {
      await assertGroupExists(tx, input.groupId);
      const [row] = await tx
        .insert(sponsors)
        .values({
          groupId: input.groupId,
          name: input.name,
          imageUrl: input.imageUrl,
          websiteUrl: input.websiteUrl,
          isVisible: input.isVisible ?? true,
          position: await nextPosition(tx, sponsorList, input.groupId),
        })
        .returning();
      await recordAudit(tx, actor, { action: 'create', entity: 'sponsor', entityId: row!.id, after: row });
      return row!;
    }),
  );
}

export function updateSponsor(db: Db, actor: Actor, id: number, input: z.output<typeof sponsorChangeSchema>) {
  return changed(
    db.transaction(async (tx) => {
      const before = await lockedSponsor(tx, id);
      const moving = input.groupId !== undefined && input.groupId !== before.groupId;
      if (moving) await assertGroupExists(tx, input.groupId!);
      const values = {
        groupId: input.groupId,
        name: input.name,
        imageUrl: input.imageUrl,
        websiteUrl: input.websiteUrl,
        isVisible: input.isVisible,
        // A sponsor moved to another group joins the end of it.
        ...(moving ? { position: await nextPosition(tx, sponsorList, input.groupId) } : {}),
      };
      if (!hasChanges(values)) return before;
      const [row] = await tx.update(sponsors).set(values).where(eq(sponsors.id, id)).returning();
      await recordAudit(tx, actor, { action: 'update', entity: 'sponsor', entityId: id, before, after: row });
      return row!;
    }),
  );
}

export function deleteSponsor(db: Db, actor: Actor, id: number) {
  return changed(
    db.transaction(async (tx) => {
      const before = await lockedSponsor(tx, id);
      await tx.delete(sponsors).where(eq(sponsors.id, id));
      await recordAudit(tx, actor, { action: 'delete', entity: 'sponsor', entityId: id, before });
      return { id };
    }),
  );
}

export function reorderSponsors(db: Db, actor: Actor, ids: number[]) {
  return changed(reorderList(db, actor, sponsorList, ids));
}
