import 'server-only';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminCategoryWithEvents,
  AdminEvent,
  AdminEventCategory,
  AdminParticipationOption,
  EventChange,
  EventValues,
} from '@/lib/schemas/admin-events';
import type { z } from 'zod';
import type { eventCategoryChangeSchema, eventCategorySchema } from '@/lib/schemas/admin-events';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { contentChangedAfter, contentTags } from '@/lib/server/content-cache';
import type { Db, Tx } from '@/lib/server/db';
import {
  eventCategories,
  events,
  participationOptions,
  paymentOrders,
  registrations,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { inventoryChanged, unitsTakenColumn } from '@/lib/server/inventory';
import { applyOrder, nextPosition, refuseIfReferenced, type OrderedList } from './content-shared';

/*
 * The organisers' writes to event categories, events and their ways of taking part. Every write runs in
 * one transaction with its audit line, and the public event pages are revalidated once it has committed.
 * Nothing that registrations point at is ever deleted: the organiser is told to close or hide instead.
 */

type Conn = Db | Tx;
type CategoryValues = z.output<typeof eventCategorySchema>;
type CategoryChange = z.output<typeof eventCategoryChangeSchema>;

const categoryList: OrderedList = {
  table: eventCategories,
  id: eventCategories.id,
  position: eventCategories.position,
  entity: 'event_category',
  label: 'the categories',
};

const eventList: OrderedList = {
  table: events,
  id: events.id,
  position: events.position,
  parent: events.categoryId,
  entity: 'event',
  label: 'the events of this category',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const changed = <T>(write: Promise<T>) => contentChangedAfter(contentTags.events, write);

// ---------- reads ----------

async function eventCounts(db: Conn, categoryIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ categoryId: events.categoryId, n: count() })
    .from(events)
    .where(categoryIds ? inArray(events.categoryId, categoryIds) : undefined)
    .groupBy(events.categoryId);
  return new Map(rows.map((r) => [r.categoryId, Number(r.n)]));
}

const categoryColumns = {
  id: eventCategories.id,
  name: eventCategories.name,
  imageUrl: eventCategories.imageUrl,
  isVisible: eventCategories.isVisible,
  position: eventCategories.position,
};

/** Every category, hidden ones too, in order, with how many events each holds. */
export async function listAdminCategories(db: Conn): Promise<AdminEventCategory[]> {
  const rows = await db
    .select(categoryColumns)
    .from(eventCategories)
    .orderBy(asc(eventCategories.position), asc(eventCategories.id));
  const counts = await eventCounts(db);
  return rows.map((r) => ({ ...r, eventCount: counts.get(r.id) ?? 0 }));
}

async function adminCategory(db: Conn, id: number): Promise<AdminEventCategory | null> {
  const [row] = await db.select(categoryColumns).from(eventCategories).where(eq(eventCategories.id, id));
  if (!row) return null;
  return { ...row, eventCount: (await eventCounts(db, [id])).get(id) ?? 0 };
}

const eventColumns = {
  id: events.id,
  categoryId: events.categoryId,
  name: events.name,
  description: events.description,
  imageUrl: events.imageUrl,
  isRegistrationOpen: events.isRegistrationOpen,
  isVisible: events.isVisible,
  instituteFeeWaived: events.instituteFeeWaived,
  venue: events.venue,
  startsAt: events.startsAt,
  poc1Name: events.poc1Name,
  poc1PhoneNo: events.poc1PhoneNo,
  poc2Name: events.poc2Name,
  poc2PhoneNo: events.poc2PhoneNo,
  ruleBookPdfUrl: events.ruleBookPdfUrl,
  position: events.position,
};

/** Events in the console's shape: options in order, with registration counts on events and options. */
async function adminEvents(db: Conn, where: ReturnType<typeof eq> | undefined): Promise<AdminEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(where)
    .orderBy(asc(events.position), asc(events.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const options = await db
    .select({
      id: participationOptions.id,
      eventId: participationOptions.eventId,
      participationName: participationOptions.participationName,
      price: participationOptions.price,
      minRange: participationOptions.minRange,
      maxRange: participationOptions.maxRange,
      position: participationOptions.position,
      placeLimit: participationOptions.placeLimit,
      placesTaken: unitsTakenColumn('participation_option'),
    })
    .from(participationOptions)
    .where(inArray(participationOptions.eventId, ids))
    .orderBy(asc(participationOptions.position), asc(participationOptions.id));
  const perOption = await db
    .select({ optionId: registrations.participationId, n: count() })
    .from(registrations)
    .where(inArray(registrations.eventId, ids))
    .groupBy(registrations.participationId);
  const optionCounts = new Map(perOption.map((r) => [r.optionId, Number(r.n)]));
  return rows.map((row) => {
    const own: AdminParticipationOption[] = options
      .filter((o) => o.eventId === row.id)
      .map((o) => ({
        id: o.id,
        participationName: o.participationName,
        price: o.price,
        minRange: o.minRange,
        maxRange: o.maxRange,
        position: o.position,
        registrationCount: optionCounts.get(o.id) ?? 0,
        placeLimit: o.placeLimit,
        placesTaken: Number(o.placesTaken),
      }));
    return {
      ...row,
      startsAt: row.startsAt ? row.startsAt.toISOString() : null,
      registrationCount: own.reduce((sum, o) => sum + o.registrationCount, 0),
      participations: own,
    };
  });
}

/** One event as the console shows it, hidden or not. */
export async function getAdminEvent(db: Conn, id: number): Promise<AdminEvent> {
  const [event] = await adminEvents(db, eq(events.id, id));
  if (!event) throw new AppError('not_found', 'No event has that id.');
  return event;
}

/** The console's page: every category in order, each with every one of its events. */
export async function listCategoriesWithEvents(db: Conn): Promise<AdminCategoryWithEvents[]> {
  const categories = await listAdminCategories(db);
  const all = await adminEvents(db, undefined);
  return categories.map((c) => ({ ...c, events: all.filter((e) => e.categoryId === c.id) }));
}

// ---------- helpers ----------

async function requireCategory(tx: Conn, id: number, forField = false): Promise<void> {
  const [row] = await tx
    .select({ id: eventCategories.id })
    .from(eventCategories)
    .where(eq(eventCategories.id, id));
  if (row) return;
  if (forField) {
    throw new AppError('invalid_input', 'That category does not exist.', {
      fieldErrors: { categoryId: 'That category does not exist.' },
    });
  }
  throw new AppError('not_found', 'No event category has that id.');
}

/** Payments for an event that have started and not finished: deleting the event would strand them. */
async function paymentsInProgress(tx: Conn, eventId: number, optionIds?: number[]): Promise<number> {
  const conditions = [
    eq(paymentOrders.purpose, 'event'),
    inArray(paymentOrders.state, ['created', 'paid']),
    sql`(${paymentOrders.item} ->> 'eventId') = ${String(eventId)}`,
  ];
  if (optionIds) {
    if (optionIds.length === 0) return 0;
    conditions.push(
      inArray(
        sql`(${paymentOrders.item} ->> 'participationId')`,
        optionIds.map((o) => String(o)),
      ),
    );
  }
  const [row] = await tx
    .select({ n: count() })
    .from(paymentOrders)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

// ---------- categories ----------

export async function createCategory(
  db: Db,
  actor: Actor,
  input: CategoryValues,
): Promise<AdminEventCategory> {
  return changed(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(eventCategories)
        .values({
          name: input.name,
          imageUrl: input.imageUrl,
          isVisible: input.isVisible ?? true,
          position: await nextPosition(tx, categoryList),
        })
        .returning({ id: eventCategories.id });
      const created = (await adminCategory(tx, row!.id))!;
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'event_category',
        entityId: created.id,
        after: created,
      });
      return created;
    }),
  );
}

export async function updateCategory(
  db: Db,
  actor: Actor,
  id: number,
  change: CategoryChange,
): Promise<AdminEventCategory> {
  return changed(
    db.transaction(async (tx) => {
      const before = await adminCategory(tx, id);
      if (!before) throw new AppError('not_found', 'No event category has that id.');
      const values = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
      if (Object.keys(values).length === 0) return before;
      await tx
        .update(eventCategories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(eventCategories.id, id));
      const after = (await adminCategory(tx, id))!;
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'event_category',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

export async function deleteCategory(db: Db, actor: Actor, id: number): Promise<void> {
  const message = 'This category still has events: move or delete them first, or hide the category.';
  await changed(
    refuseIfReferenced(
      () =>
        db.transaction(async (tx) => {
          const before = await adminCategory(tx, id);
          if (!before) throw new AppError('not_found', 'No event category has that id.');
          if (before.eventCount > 0) {
            throw new AppError(
              'conflict',
              `${before.name} still has ${plural(before.eventCount, 'event')}: move or delete them first, or hide the category instead.`,
            );
          }
          await tx.delete(eventCategories).where(eq(eventCategories.id, id));
          await recordAudit(tx, actor, { action: 'delete', entity: 'event_category', entityId: id, before });
        }),
      message,
    ),
  );
}

export async function reorderCategories(db: Db, actor: Actor, ids: number[]): Promise<{ ids: number[] }> {
  return changed(
    db.transaction(async (tx) => {
      await applyOrder(tx, actor, categoryList, { ids, entityId: 'all' });
      return { ids };
    }),
  );
}

// ---------- events ----------

export async function createEvent(db: Db, actor: Actor, input: EventValues): Promise<AdminEvent> {
  if (input.participations.some((o) => o.id !== undefined)) {
    throw new AppError('invalid_input', 'A new event’s options cannot name existing option ids.');
  }
  return changed(
    db.transaction(async (tx) => {
      await requireCategory(tx, input.categoryId, true);
      const [row] = await tx
        .insert(events)
        .values({
          categoryId: input.categoryId,
          name: input.name,
          description: input.description,
          imageUrl: input.imageUrl,
          isRegistrationOpen: input.isRegistrationOpen,
          isVisible: input.isVisible,
          instituteFeeWaived: input.instituteFeeWaived,
          venue: input.venue ?? null,
          startsAt: input.startsAt ? new Date(input.startsAt) : null,
          poc1Name: input.poc1Name,
          poc1PhoneNo: input.poc1PhoneNo,
          poc2Name: input.poc2Name ?? null,
          poc2PhoneNo: input.poc2PhoneNo ?? null,
          ruleBookPdfUrl: input.ruleBookPdfUrl ?? null,
          position: await nextPosition(tx, eventList, input.categoryId),
        })
        .returning({ id: events.id });
      const eventId = row!.id;
      if (input.participations.length > 0) {
        await tx.insert(participationOptions).values(
          input.participations.map((o, position) => ({
            eventId,
            participationName: o.participationName,
            price: o.price,
            minRange: o.minRange,
            maxRange: o.maxRange,
            placeLimit: o.placeLimit ?? null,
            position,
          })),
        );
      }
      const created = await getAdminEvent(tx, eventId);
      await recordAudit(tx, actor, { action: 'create', entity: 'event', entityId: eventId, after: created });
      return created;
    }),
  );
}

/** Applies the new list of options: keeps and changes those with ids, adds new ones, removes the rest. */
async function replaceOptions(
  tx: Tx,
  before: AdminEvent,
  next: NonNullable<EventChange['participations']>,
): Promise<void> {
  const existing = new Map(before.participations.map((o) => [o.id, o]));
  const foreign = next.find((o) => o.id !== undefined && !existing.has(o.id));
  if (foreign) {
    throw new AppError(
      'invalid_input',
      `Option ${foreign.id} is not one of this event’s options; reload and try again.`,
    );
  }
  const keptIds = new Set(next.flatMap((o) => (o.id === undefined ? [] : [o.id])));
  const removed = before.participations.filter((o) => !keptIds.has(o.id));
  const used = removed.filter((o) => o.registrationCount > 0);
  if (used.length > 0) {
    const names = used.map((o) => `${o.participationName} (${plural(o.registrationCount, 'registration')})`);
    throw new AppError(
      'conflict',
      `Options with registrations cannot be removed: ${names.join(', ')}. Close registration or hide the event instead.`,
    );
  }
  const pending = await paymentsInProgress(
    tx,
    before.id,
    removed.map((o) => o.id),
  );
  if (pending > 0) {
    throw new AppError(
      'conflict',
      `${plural(pending, 'payment')} for the options you removed ${pending === 1 ? 'is' : 'are'} still in progress. Close registration and try again in a few minutes.`,
    );
  }
  if (removed.length > 0) {
    await tx.delete(participationOptions).where(
      inArray(
        participationOptions.id,
        removed.map((o) => o.id),
      ),
    );
  }
  for (const [position, option] of next.entries()) {
    const values = {
      participationName: option.participationName,
      price: option.price,
      minRange: option.minRange,
      maxRange: option.maxRange,
      position,
      // Omitted: a kept option keeps its limit.
      ...(option.placeLimit === undefined ? {} : { placeLimit: option.placeLimit }),
    };
    if (option.id === undefined) {
      await tx.insert(participationOptions).values({ eventId: before.id, ...values });
    } else {
      await tx.update(participationOptions).set(values).where(eq(participationOptions.id, option.id));
      const was = existing.get(option.id)!.placeLimit;
      const limit = option.placeLimit === undefined ? was : option.placeLimit;
      // A raised or removed limit frees places (lowering one removes nobody: the option is simply full).
      if (was !== null && (limit === null || limit > was))
        inventoryChanged(tx, 'participation_option', option.id);
    }
  }
}

/** Locks one event's row for the rest of the transaction; 404 when there is none. */
async function lockEvent(tx: Tx, id: number): Promise<void> {
  const [locked] = await tx.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
  if (!locked) throw new AppError('not_found', 'No event has that id.');
}

export async function updateEvent(
  db: Db,
  actor: Actor,
  id: number,
  change: EventChange,
): Promise<AdminEvent> {
  const message = 'An option you removed has just been used for a registration; reload and try again.';
  return changed(
    refuseIfReferenced(
      () =>
        db.transaction(async (tx) => {
          // Locked so two organisers' option edits apply one after the other.
          await lockEvent(tx, id);
          const before = await getAdminEvent(tx, id);
          const { participations: nextOptions, startsAt, ...fields } = change;
          const merged = {
            poc2Name: fields.poc2Name === undefined ? before.poc2Name : fields.poc2Name,
            poc2PhoneNo: fields.poc2PhoneNo === undefined ? before.poc2PhoneNo : fields.poc2PhoneNo,
          };
          if (Boolean(merged.poc2Name) !== Boolean(merged.poc2PhoneNo)) {
            const field = merged.poc2Name ? 'poc2PhoneNo' : 'poc2Name';
            const text = 'Give the second contact’s name and phone together, or leave both empty.';
            throw new AppError('invalid_input', text, { fieldErrors: { [field]: text } });
          }
          const values: Partial<typeof events.$inferInsert> = Object.fromEntries(
            Object.entries(fields).filter(([, v]) => v !== undefined),
          );
          if (startsAt !== undefined) values.startsAt = startsAt ? new Date(startsAt) : null;
          if (values.categoryId !== undefined && values.categoryId !== before.categoryId) {
            await requireCategory(tx, values.categoryId, true);
            values.position = await nextPosition(tx, eventList, values.categoryId);
          }
          if (Object.keys(values).length === 0 && nextOptions === undefined) return before;
          if (Object.keys(values).length > 0) {
            await tx
              .update(events)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(events.id, id));
          }
          if (nextOptions !== undefined) await replaceOptions(tx, before, nextOptions);
          const after = await getAdminEvent(tx, id);
          await recordAudit(tx, actor, { action: 'update', entity: 'event', entityId: id, before, after });
          return after;
        }),
      message,
    ),
  );
}

export async function deleteEvent(db: Db, actor: Actor, id: number): Promise<void> {
  const message = 'This event has just received a registration: close registration or hide it instead.';
  await changed(
    refuseIfReferenced(
      () =>
        db.transaction(async (tx) => {
          await lockEvent(tx, id);
          const before = await getAdminEvent(tx, id);
          if (before.registrationCount > 0) {
            throw new AppError(
              'conflict',
              `${before.name} has ${plural(before.registrationCount, 'registration')} and cannot be deleted. Close registration or hide the event instead.`,
            );
          }
          const pending = await paymentsInProgress(tx, id);
          if (pending > 0) {
            throw new AppError(
              'conflict',
              `${plural(pending, 'payment')} for ${before.name} ${pending === 1 ? 'is' : 'are'} still in progress. Close registration and try again in a few minutes.`,
            );
          }
          await tx.delete(events).where(eq(events.id, id));
          await recordAudit(tx, actor, { action: 'delete', entity: 'event', entityId: id, before });
        }),
      message,
    ),
  );
}

export async function reorderEvents(
  db: Db,
  actor: Actor,
  input: { categoryId: number; ids: number[] },
): Promise<{ categoryId: number; ids: number[] }> {
  return changed(
    db.transaction(async (tx) => {
      await requireCategory(tx, input.categoryId);
      await applyOrder(tx, actor, eventList, {
        ids: input.ids,
        parentId: input.categoryId,
        entityId: `category:${input.categoryId}`,
      });
      return input;
    }),
  );
}
