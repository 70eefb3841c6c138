import 'server-only';
import { and, asc, desc, eq, ilike, isNotNull, isNull, min, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AdminChange,
  AdminChangeRules,
  ChangeRulesValues,
  ChangesFilter,
  RuleEntity,
} from '@/lib/schemas/changes-console';
import { recordAudit } from '@/lib/server/admin/audit';
import { containing, personMatches } from '@/lib/server/admin/lists';
import type { Db } from '@/lib/server/db';
import {
  accommodationTypes,
  eventSessions,
  events,
  merchandiseProducts,
  participantChanges,
  users,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { eventFreezeAt, shopFreezeAt, type ChangeRules } from './rules';

/*
 * The console's side of participants' own changes: each item's rules (until when, what money comes back),
 * listed and set in one place, and the list of every change participants made.
 */

const ruleColumns = {
  changesFreezeAt: sql<Date | null>`changes_freeze_at`,
  refundPolicy: sql<ChangeRules['refundPolicy']>`refund_policy`,
  refundPercent: sql<number | null>`refund_percent`,
  refundUntil: sql<Date | null>`refund_until`,
};

const tables = {
  event: events,
  merchandise_product: merchandiseProducts,
  accommodation_type: accommodationTypes,
} as const;

function asAdmin(entity: RuleEntity, id: number, name: string, rules: ChangeRules, effective: Date) {
  return {
    entity,
    id,
    name,
    changesFreezeAt: rules.changesFreezeAt?.toISOString() ?? null,
    effectiveFreezeAt: effective.toISOString(),
    refundPolicy: rules.refundPolicy,
    refundPercent: rules.refundPercent,
    refundUntil: rules.refundUntil?.toISOString() ?? null,
  } satisfies AdminChangeRules;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));
const rulesOf = (row: ChangeRules): ChangeRules => ({
  ...row,
  changesFreezeAt: asDate(row.changesFreezeAt),
  refundUntil: asDate(row.refundUntil),
});

/** Every event, T-shirt and stay type with its rules and the freeze in force. */
export async function listChangeRules(db: Db): Promise<AdminChangeRules[]> {
  const [eventRows, firstSessions, products, stays] = await Promise.all([
    db
      .select({ id: events.id, name: events.name, startsAt: events.startsAt, ...ruleColumns })
      .from(events)
      .orderBy(asc(events.name)),
    db
      .select({ eventId: eventSessions.eventId, at: min(eventSessions.startsAt) })
      .from(eventSessions)
      .groupBy(eventSessions.eventId),
    db
      .select({ id: merchandiseProducts.id, name: merchandiseProducts.name, ...ruleColumns })
      .from(merchandiseProducts)
      .orderBy(asc(merchandiseProducts.name)),
    db
      .select({ id: accommodationTypes.id, name: accommodationTypes.accommodationType, ...ruleColumns })
      .from(accommodationTypes)
      .orderBy(asc(accommodationTypes.accommodationType)),
  ]);
  const firstOf = new Map(firstSessions.map((s) => [s.eventId, asDate(s.at)]));
  return [
    ...eventRows.map((e) => {
      const rules = rulesOf(e);
      return asAdmin('event', e.id, e.name, rules, eventFreezeAt(rules, firstOf.get(e.id) ?? e.startsAt));
    }),
    ...products.map((p) =>
      asAdmin('merchandise_product', p.id, p.name, rulesOf(p), shopFreezeAt(rulesOf(p))),
    ),
    ...stays.map((s) => asAdmin('accommodation_type', s.id, s.name, rulesOf(s), shopFreezeAt(rulesOf(s)))),
  ];
}

/** Sets one item's rules, audited; answers them as the list shows them. */
export async function setChangeRules(
  db: Db,
  actor: { id: string; email: string },
  values: ChangeRulesValues,
): Promise<AdminChangeRules> {
  const table = tables[values.entity];
  const next = {
    changesFreezeAt: asDate(values.changesFreezeAt),
    refundPolicy: values.refundPolicy,
    refundPercent: values.refundPercent,
    refundUntil: asDate(values.refundUntil),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx.select(ruleColumns).from(table).where(eq(table.id, values.id)).for('update');
    if (!before) throw new AppError('not_found', 'This item no longer exists.');
    await tx.update(table).set(next).where(eq(table.id, values.id));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: `${values.entity}_change_rules`,
      entityId: values.id,
      before,
      after: next,
    });
  });
  const listed = (await listChangeRules(db)).find((r) => r.entity === values.entity && r.id === values.id);
  if (!listed) throw new AppError('not_found', 'This item no longer exists.');
  return listed;
}

const undoer = alias(users, 'undoer');

/** The newest changes first, filtered; at most `limit`. */
export async function listChanges(db: Db, filter: ChangesFilter, limit = 200): Promise<AdminChange[]> {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(participantChanges.action, filter.action));
  if (filter.state === 'live') where.push(isNull(participantChanges.undoneAt));
  if (filter.state === 'undone') where.push(isNotNull(participantChanges.undoneAt));
  if (filter.q) {
    const pattern = containing(filter.q);
    where.push(or(personMatches(pattern), ilike(participantChanges.summary, pattern))!);
  }
  const rows = await db
    .select({
      id: participantChanges.id,
      action: participantChanges.action,
      entity: participantChanges.entity,
      entityId: participantChanges.entityId,
      summary: participantChanges.summary,
      refundPaise: participantChanges.refundPaise,
      userEmail: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: participantChanges.createdAt,
      undoneAt: participantChanges.undoneAt,
      undoneByEmail: undoer.email,
    })
    .from(participantChanges)
    .innerJoin(users, eq(users.id, participantChanges.userId))
    .leftJoin(undoer, eq(undoer.id, participantChanges.undoneByUserId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(participantChanges.createdAt), desc(participantChanges.id))
    .limit(limit);
  return rows.map(({ firstName, lastName, createdAt, undoneAt, ...row }) => ({
    ...row,
    userName: `${firstName} ${lastName}`,
    createdAt: new Date(createdAt).toISOString(),
    undoneAt: undoneAt ? new Date(undoneAt).toISOString() : null,
  }));
}
