import 'server-only';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor } from '@/lib/server/admin/audit';
import { recordAudit } from '@/lib/server/admin/audit';
import type { Db, Tx } from '@/lib/server/db';
import { isForeignKeyViolation } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/app-error';

/*
 * Ordering shared by every console list (groups, members, sponsors, artists, products, sizes, stay
 * types): a list is the rows of one parent (or the whole table), ordered by `position`, then id.
 */

export interface OrderedList {
  table: PgTable;
  id: PgColumn;
  position: PgColumn;
  /** The column naming the parent (group, product) when the list belongs to one. */
  parent?: PgColumn;
  /** The audit log's name for these records. */
  entity: string;
  /** How a refusal names the list: "this group's members". */
  label: string;
}

/** The position a new row takes: after the last one of its list. */
export async function nextPosition(tx: Db | Tx, list: OrderedList, parentId?: number): Promise<number> {
  const where: SQL | undefined =
    list.parent && parentId !== undefined ? eq(list.parent, parentId) : undefined;
  const [row] = await tx
    .select({ last: sql<number | null>`max(${list.position})` })
    .from(list.table)
    .where(where);
  const last = row?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

/** The ids of one list (one parent's rows, when the list has a parent) in their current order. */
async function listIds(tx: Tx, list: OrderedList, parentId?: number): Promise<number[]> {
  const rows = await tx
    .select({ id: list.id })
    .from(list.table)
    .where(list.parent && parentId !== undefined ? eq(list.parent, parentId) : undefined)
    .orderBy(asc(list.position), asc(list.id));
  return rows.map((r) => Number(r.id));
}

/**
 * Writes a whole list's new order and audits it. The ids must be exactly the rows of the list: a partial
 * list would leave positions that collide with the rows left out.
 */
export async function applyOrder(
  tx: Tx,
  actor: Actor,
  list: OrderedList,
  order: { ids: number[]; parentId?: number; entityId: string | number },
): Promise<void> {
  const { ids, parentId, entityId } = order;
  const current = await listIds(tx, list, parentId);
  const known = new Set(current);
  if (ids.some((rowId) => !known.has(rowId))) {
    throw new AppError(
      'invalid_input',
      `Some of these ids are not among ${list.label}; reload and try again.`,
    );
  }
  if (current.length !== ids.length) {
    throw new AppError(
      'invalid_input',
      `List every one of ${list.label} once, in the new order (${current.length} expected, ${ids.length} sent).`,
    );
  }
  for (const [index, rowId] of ids.entries()) {
    await tx
      .update(list.table)
      // Every ordered table names its column `position`.
      .set({ position: index } as never)
      .where(eq(list.id, rowId));
  }
  await recordAudit(tx, actor, {
    action: 'reorder',
    entity: list.entity,
    entityId,
    before: { ids: current },
    after: { ids },
  });
}

/**
 * Puts one list in the order given, finding the list from the ids themselves: they must all exist and,
 * when the list has a parent, share it.
 */
export async function reorderList(
  db: Db,
  actor: Actor,
  list: OrderedList,
  ids: number[],
): Promise<{ ids: number[] }> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: list.id, parent: list.parent ?? list.id })
      .from(list.table)
      .where(inArray(list.id, ids));
    if (found.length !== ids.length) {
      throw new AppError('not_found', `Some of these ids are not among ${list.label}; reload and try again.`);
    }
    const parentIds = new Set(found.map((r) => Number(r.parent)));
    if (list.parent && parentIds.size > 1) {
      throw new AppError(
        'invalid_input',
        `Order one list at a time: these ids belong to different ${list.label}.`,
      );
    }
    const parentId = list.parent ? Number(found[0]!.parent) : undefined;
    await applyOrder(tx, actor, list, { ids, parentId, entityId: parentId ?? 'all' });
    return { ids };
  });
}

/** Whether a change carries any field at all (an empty PATCH changes nothing and writes no audit line). */
export function hasChanges(values: Record<string, unknown>): boolean {
  return Object.values(values).some((v) => v !== undefined);
}

/**
 * Runs a console write that checked, inside it, that nothing points at what it deletes. Should something
 * come to point at it in between (a registration made meanwhile), the foreign key refuses the delete and
 * the organiser reads `message` as a conflict instead of a server fault.
 */
export async function refuseIfReferenced<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('conflict', message);
    throw error;
  }
}
