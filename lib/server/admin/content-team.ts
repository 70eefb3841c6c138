import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminTeamGroup,
  AdminTeamMember,
  teamGroupChangeSchema,
  teamGroupSchema,
  teamMemberChangeSchema,
  teamMemberSchema,
} from '@/lib/schemas/admin-content';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { contentChangedAfter, contentTags } from '@/lib/server/content-cache';
import type { Db, Tx } from '@/lib/server/db';
import { teamGroups, teamMembers } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { hasChanges, nextPosition, reorderList, type OrderedList } from './content-shared';

/*
 * The console's verbs for the organising team: groups and their members, hidden ones included. Every
 * write runs in one transaction with its audit line; the public team page is revalidated after commit.
 */

const groupList: OrderedList = {
  table: teamGroups,
  id: teamGroups.id,
  position: teamGroups.position,
  entity: 'team_group',
  label: 'the team groups',
};

const memberList: OrderedList = {
  table: teamMembers,
  id: teamMembers.id,
  position: teamMembers.position,
  parent: teamMembers.groupId,
  entity: 'team_member',
  label: "one group's members",
};

type Group = Omit<AdminTeamGroup, 'members'>;

async function lockedGroup(tx: Db | Tx, id: number): Promise<Group> {
  const [row] = await tx.select().from(teamGroups).where(eq(teamGroups.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'No team group has that id.');
  return row;
}

async function lockedMember(tx: Db | Tx, id: number): Promise<AdminTeamMember> {
  const [row] = await tx.select().from(teamMembers).where(eq(teamMembers.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'No team member has that id.');
  return row;
}

async function assertGroupExists(tx: Db | Tx, groupId: number): Promise<void> {
  const [row] = await tx.select({ id: teamGroups.id }).from(teamGroups).where(eq(teamGroups.id, groupId));
  if (!row) {
    throw new AppError('invalid_input', 'That team group does not exist.', {
      fieldErrors: { groupId: 'That team group does not exist.' },
    });
  }
}

export async function listTeamMembersForConsole(
  db: Db | Tx,
  filter: { groupId?: number } = {},
): Promise<AdminTeamMember[]> {
  return db
    .select()
    .from(teamMembers)
    .where(filter.groupId === undefined ? undefined : eq(teamMembers.groupId, filter.groupId))
    .orderBy(asc(teamMembers.groupId), asc(teamMembers.position), asc(teamMembers.id));
}

/** Every group in order with its members in order, hidden ones included. */
export async function listTeamForConsole(db: Db): Promise<AdminTeamGroup[]> {
  const groups = await db.select().from(teamGroups).orderBy(asc(teamGroups.position), asc(teamGroups.id));
  const members = await listTeamMembersForConsole(db);
  return groups.map((g) => ({ ...g, members: members.filter((m) => m.groupId === g.id) }));
}

const changed = <T>(write: Promise<T>) => contentChangedAfter(contentTags.team, write);

export function createTeamGroup(db: Db, actor: Actor, input: z.output<typeof teamGroupSchema>) {
  return changed(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(teamGroups)
        .values({
          teamCategory: input.teamCategory,
          isVisible: input.isVisible ?? true,
          position: await nextPosition(tx, groupList),
        })
        .returning();
      await recordAudit(tx, actor, { action: 'create', entity: 'team_group', entityId: row!.id, after: row });
      return row!;
    }),
  );
}

export function updateTeamGroup(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof teamGroupChangeSchema>,
) {
  return changed(
    db.transaction(async (tx) => {
      const before = await lockedGroup(tx, id);
      const values = { teamCategory: input.teamCategory, isVisible: input.isVisible };
      if (!hasChanges(values)) return before;
      const [row] = await tx.update(teamGroups).set(values).where(eq(teamGroups.id, id)).returning();
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'team_group',
        entityId: id,
        before,
        after: row,
      });
      return row!;
    }),
  );
}

/** Removes a group and its members (the audit line keeps them). */
export function deleteTeamGroup(db: Db, actor: Actor, id: number) {
  return changed(
    db.transaction(async (tx) => {
      const group = await lockedGroup(tx, id);
      const members = await listTeamMembersForConsole(tx, { groupId: id });
      await tx.delete(teamGroups).where(eq(teamGroups.id, id));
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'team_group',
        entityId: id,
        before: { ...group, members },
      });
      return { id };
    }),
  );
}

export function reorderTeamGroups(db: Db, actor: Actor, ids: number[]) {
  return changed(reorderList(db, actor, groupList, ids));
}

export function createTeamMember(db: Db, actor: Actor, input: z.output<typeof teamMemberSchema>) {
  return changed(
    db.transaction(async (tx) => {
      await assertGroupExists(tx, input.groupId);
      const [row] = await tx
        .insert(teamMembers)
        .values({
          groupId: input.groupId,
          name: input.name,
          designation: input.designation,
          imageUrl: input.imageUrl,
          instagramUrl: input.instagramUrl ?? null,
          linkedInUrl: input.linkedInUrl ?? null,
          isVisible: input.isVisible ?? true,
          position: await nextPosition(tx, memberList, input.groupId),
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'team_member',
        entityId: row!.id,
        after: row,
      });
      return row!;
    }),
  );
}

export function updateTeamMember(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof teamMemberChangeSchema>,
) {
  return changed(
    db.transaction(async (tx) => {
      const before = await lockedMember(tx, id);
      const moving = input.groupId !== undefined && input.groupId !== before.groupId;
      if (moving) await assertGroupExists(tx, input.groupId!);
      const values = {
        groupId: input.groupId,
        name: input.name,
        designation: input.designation,
        imageUrl: input.imageUrl,
        instagramUrl: input.instagramUrl,
        linkedInUrl: input.linkedInUrl,
        isVisible: input.isVisible,
        // A member moved to another group joins the end of it.
        ...(moving ? { position: await nextPosition(tx, memberList, input.groupId) } : {}),
      };
      if (!hasChanges(values)) return before;
      const [row] = await tx.update(teamMembers).set(values).where(eq(teamMembers.id, id)).returning();
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'team_member',
        entityId: id,
        before,
        after: row,
      });
      return row!;
    }),
  );
}

export function deleteTeamMember(db: Db, actor: Actor, id: number) {
  return changed(
    db.transaction(async (tx) => {
      const before = await lockedMember(tx, id);
      await tx.delete(teamMembers).where(eq(teamMembers.id, id));
      await recordAudit(tx, actor, { action: 'delete', entity: 'team_member', entityId: id, before });
      return { id };
    }),
  );
}

export function reorderTeamMembers(db: Db, actor: Actor, ids: number[]) {
  return changed(reorderList(db, actor, memberList, ids));
}
