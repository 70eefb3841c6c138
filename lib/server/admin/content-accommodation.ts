import 'server-only';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminAccommodationOption,
  AdminAccommodationType,
  accommodationOptionChangeSchema,
  accommodationOptionSchema,
  accommodationTypeChangeSchema,
  accommodationTypeSchema,
} from '@/lib/schemas/admin-content';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import type { Db, Tx } from '@/lib/server/db';
import { accommodationBookings, accommodationOptions, accommodationTypes } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { hasChanges, nextPosition, reorderList, type OrderedList } from './content-shared';
import { heldUnits, inventoryChanged } from '@/lib/server/inventory';

/*
 * The console's verbs for accommodation: stay types (price per night in whole rupees) and their date
 * options with capacity. Capacity never drops below places booked plus places held by open checkouts,
 * a booked stay keeps its dates, and nothing with bookings is deleted (organisers hide it instead).
 * Options are ordered within their type by the organisers, and the booking screen lists them so.
 */

const typeList: OrderedList = {
  table: accommodationTypes,
  id: accommodationTypes.id,
  position: accommodationTypes.position,
  entity: 'accommodation_type',
  label: 'the accommodation types',
};

const optionList: OrderedList = {
  table: accommodationOptions,
  id: accommodationOptions.id,
  position: accommodationOptions.position,
  parent: accommodationOptions.typeId,
  entity: 'accommodation_option',
  label: "one type's date options",
};

type TypeRow = typeof accommodationTypes.$inferSelect;
type OptionRow = typeof accommodationOptions.$inferSelect;
type StayType = Omit<AdminAccommodationType, 'options'>;

function typeOf(row: TypeRow): StayType {
  return {
    id: row.id,
    accommodationType: row.accommodationType,
    pricePerNight: row.pricePerNight,
    description: row.description,
    isVisible: row.isVisible,
    position: row.position,
  };
}

function optionOf(row: OptionRow, held: number): AdminAccommodationOption {
  return {
    id: row.id,
    typeId: row.typeId,
    startDate: row.startDate,
    days: row.days,
    capacity: row.capacity,
    booked: row.booked,
    held,
    left: Math.max(0, row.capacity - row.booked - held),
    isVisible: row.isVisible,
    position: row.position,
  };
}

/** Every type in order with its options in order, their capacity, bookings and current holds; hidden ones included. */
export async function listAccommodationForConsole(db: Db | Tx): Promise<AdminAccommodationType[]> {
  const types = await db
    .select()
    .from(accommodationTypes)
    .orderBy(asc(accommodationTypes.position), asc(accommodationTypes.id));
  const options = await db
    .select()
    .from(accommodationOptions)
    .orderBy(asc(accommodationOptions.position), asc(accommodationOptions.id));
  const held = await heldUnits(
    db,
    'accommodation_option',
    options.map((o) => o.id),
  );
  return types.map((t) => ({
    ...typeOf(t),
    options: options.filter((o) => o.typeId === t.id).map((o) => optionOf(o, held.get(o.id) ?? 0)),
  }));
}

export async function listAccommodationOptionsForConsole(
  db: Db,
  filter: { typeId?: number } = {},
): Promise<AdminAccommodationOption[]> {
  const types = await listAccommodationForConsole(db);
  return types.filter((t) => filter.typeId === undefined || t.id === filter.typeId).flatMap((t) => t.options);
}

async function lockedType(tx: Tx, id: number): Promise<TypeRow> {
  const [row] = await tx.select().from(accommodationTypes).where(eq(accommodationTypes.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'No accommodation type has that id.');
  return row;
}

/** Locks an option the way a checkout's hold does, so a floor check and a new hold cannot interleave. */
async function lockedOption(tx: Tx, id: number): Promise<OptionRow> {
  const [row] = await tx
    .select()
    .from(accommodationOptions)
    .where(eq(accommodationOptions.id, id))
    .for('update');
  if (!row) throw new AppError('not_found', 'No accommodation option has that id.');
  return row;
}

async function bookingsFor(tx: Tx, optionIds: number[]): Promise<number> {
  if (optionIds.length === 0) return 0;
  const [row] = await tx
    .select({ count: sql<number>`cast(count(*) as int)` })
    .from(accommodationBookings)
    .where(inArray(accommodationBookings.optionId, optionIds));
  return Number(row?.count ?? 0);
}

const bookings = (n: number) => (n === 1 ? '1 booking' : `${n} bookings`);
const stay = (o: OptionRow) =>
  `The stay from ${o.startDate} (${o.days} ${o.days === 1 ? 'night' : 'nights'})`;

export function createAccommodationType(
  db: Db,
  actor: Actor,
  input: z.output<typeof accommodationTypeSchema>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accommodationTypes)
      .values({
        accommodationType: input.accommodationType,
        pricePerNight: input.pricePerNight ?? null,
        description: input.description ?? '',
        isVisible: input.isVisible ?? true,
        position: await nextPosition(tx, typeList),
      })
      .returning();
    const after = typeOf(row!);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'accommodation_type',
      entityId: row!.id,
      after,
    });
    return { ...after, options: [] as AdminAccommodationOption[] };
  });
}

export function updateAccommodationType(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof accommodationTypeChangeSchema>,
) {
  return db.transaction(async (tx) => {
    const before = typeOf(await lockedType(tx, id));
    const values = {
      accommodationType: input.accommodationType,
      pricePerNight: input.pricePerNight,
      description: input.description,
      isVisible: input.isVisible,
    };
    if (!hasChanges(values)) return before;
    const [row] = await tx
      .update(accommodationTypes)
      .set(values)
      .where(eq(accommodationTypes.id, id))
      .returning();
    const after = typeOf(row!);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'accommodation_type',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes a type and its options, unless any option was ever booked or is being paid for right now. */
export function deleteAccommodationType(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const type = await lockedType(tx, id);
    const options = await tx
      .select()
      .from(accommodationOptions)
      .where(eq(accommodationOptions.typeId, id))
      .orderBy(asc(accommodationOptions.id))
      .for('update');
    const ids = options.map((o) => o.id);
    const count = await bookingsFor(tx, ids);
    if (count > 0) {
      throw new AppError(
        'conflict',
        `“${type.accommodationType}” has ${bookings(count)}, so it cannot be deleted: the bookings must keep their record. Hide it instead.`,
        { reason: 'has_bookings' },
      );
    }
    const held = [...(await heldUnits(tx, 'accommodation_option', ids)).values()].reduce((a, b) => a + b, 0);
    if (held > 0) {
      throw new AppError(
        'conflict',
        `Someone is paying for “${type.accommodationType}” right now, so it cannot be deleted. Hide it instead, or try again in a few minutes.`,
        { reason: 'held' },
      );
    }
    await tx.delete(accommodationTypes).where(eq(accommodationTypes.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'accommodation_type',
      entityId: id,
      before: { ...typeOf(type), options: options.map((o) => optionOf(o, 0)) },
    });
    return { id };
  });
}

export function reorderAccommodationTypes(db: Db, actor: Actor, ids: number[]) {
  return reorderList(db, actor, typeList, ids);
}

export function createAccommodationOption(
  db: Db,
  actor: Actor,
  input: z.output<typeof accommodationOptionSchema>,
) {
  return db.transaction(async (tx) => {
    // The type's row lock queues two new dates for one type, so they cannot take the same last position.
    const [type] = await tx
      .select({ id: accommodationTypes.id })
      .from(accommodationTypes)
      .where(eq(accommodationTypes.id, input.typeId))
      .for('update');
    if (!type) {
      throw new AppError('invalid_input', 'That accommodation type does not exist.', {
        fieldErrors: { typeId: 'That accommodation type does not exist.' },
      });
    }
    const [row] = await tx
      .insert(accommodationOptions)
      .values({
        typeId: input.typeId,
        startDate: input.startDate,
        days: input.days,
        capacity: input.capacity,
        isVisible: input.isVisible ?? true,
        position: await nextPosition(tx, optionList, input.typeId),
      })
      .returning();
    const after = optionOf(row!, 0);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'accommodation_option',
      entityId: row!.id,
      after,
    });
    return after;
  });
}

export function updateAccommodationOption(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof accommodationOptionChangeSchema>,
) {
  return db.transaction(async (tx) => {
    const row = await lockedOption(tx, id);
    const held = (await heldUnits(tx, 'accommodation_option', [id])).get(id) ?? 0;
    const before = optionOf(row, held);
    const values = {
      startDate: input.startDate,
      days: input.days,
      capacity: input.capacity,
      isVisible: input.isVisible,
    };
    if (!hasChanges(values)) return before;
    const datesChange =
      (input.startDate !== undefined && input.startDate !== row.startDate) ||
      (input.days !== undefined && input.days !== row.days);
    if (datesChange && (row.booked > 0 || held > 0 || (await bookingsFor(tx, [id])) > 0)) {
      const message = `${stay(row)} has bookings, so its dates cannot change. Add a new option instead.`;
      throw new AppError('conflict', message, {
        fieldErrors: { startDate: message },
        reason: 'has_bookings',
      });
    }
    if (input.capacity !== undefined && input.capacity < row.booked + held) {
      const message =
        `${stay(row)} has ${row.booked} places booked and ${held} held in checkouts right now, ` +
        `so its capacity cannot go below ${row.booked + held}.`;
      throw new AppError('conflict', message, { fieldErrors: { capacity: message }, reason: 'below_booked' });
    }
    const [updated] = await tx
      .update(accommodationOptions)
      .set(values)
      .where(eq(accommodationOptions.id, id))
      .returning();
    const after = optionOf(updated!, held);
    // A raised capacity goes to the stay's waiting list first, at once.
    if (input.capacity !== undefined && input.capacity > row.capacity) {
      inventoryChanged(tx, 'accommodation_option', id);
    }
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'accommodation_option',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

export function deleteAccommodationOption(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockedOption(tx, id);
    const count = await bookingsFor(tx, [id]);
    if (count > 0 || row.booked > 0) {
      throw new AppError(
        'conflict',
        `${stay(row)} has ${bookings(Math.max(count, 1))}, so it cannot be deleted: the bookings must keep their record. Hide it instead, or lower its capacity to what is booked.`,
        { reason: 'has_bookings' },
      );
    }
    const held = (await heldUnits(tx, 'accommodation_option', [id])).get(id) ?? 0;
    if (held > 0) {
      throw new AppError(
        'conflict',
        `Someone is paying for ${stay(row).toLowerCase()} right now, so it cannot be deleted. Hide it instead, or try again in a few minutes.`,
        { reason: 'held' },
      );
    }
    await tx.delete(accommodationOptions).where(eq(accommodationOptions.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'accommodation_option',
      entityId: id,
      before: optionOf(row, 0),
    });
    return { id };
  });
}

export function reorderAccommodationOptions(db: Db, actor: Actor, ids: number[]) {
  return reorderList(db, actor, optionList, ids);
}
