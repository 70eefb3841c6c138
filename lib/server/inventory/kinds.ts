import 'server-only';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import {
  accommodationOptions,
  accommodationTypes,
  events,
  merchandiseProducts,
  merchandiseVariants,
  participationOptions,
  registrations,
} from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { inventoryKinds, shopPaths, type InventoryKind, type ShopKind } from '@/lib/schemas/inventory';

/*
 * What each kind of limited item is, one adapter per kind: how it is named, where its screen is, whether
 * it is on sale, its figures for the console, how a refusal reads, and how its table's rows are named in
 * SQL. The rules themselves (what is left, an active hold, the counters) are the same for every kind and
 * live in the database (drizzle/0013_inventory.sql: inventory_items, inventory_units_left); a kind adds
 * its branch there and its adapter here (docs/inventory.md).
 */

export { inventoryKinds, type InventoryKind };

/** What an item is called, where its screen is (and a waiting list's offer leads), whether it is on sale. */
export interface ItemInfo {
  label: string;
  /** The screen's path without the offer: /event/{categoryId}/register, /merchandise, /accomodation. */
  path: string;
  /** For a participation option: its event and whether it is taken by a team. */
  eventId?: number;
  isTeam?: boolean;
  /** False for a size switched off or a product, stay type or date option hidden: nobody can join. */
  onSale: boolean;
}

/** An item's label, limit and units given for good, for the organisers' console. */
export interface ItemFigures {
  label: string;
  limit: number | null;
  taken: number;
  onSale: boolean;
  eventId: number | null;
}

export interface KindAdapter {
  /** The item's id column in its own table: the rule's readers select what is left beside it. */
  idColumn: SQL;
  /** The purpose of the payment orders that buy it. */
  purpose: 'event' | 'merchandise' | 'accommodation';
  info(db: Db | Tx, itemId: number): Promise<ItemInfo>;
  figures(db: Db | Tx, ids: number[]): Promise<Map<number, ItemFigures>>;
  /** The refusal of more units than the `left` of an item named `label`. */
  tooFew(left: number, label: string): AppError;
  /** Why a payment that arrived after its hold lapsed cannot be delivered. */
  goneWhilePaying(label: string): string;
  /** Whether an offer of it leads to taking it without paying (a free event's registration). */
  isFree(db: Db | Tx, itemId: number): Promise<boolean>;
  /**
   * The cached public pages that show what is left of some of these items, if any (pages.ts revalidates
   * them when the items change): the events' pages show a limited option's places left.
   */
  pagesShowing?(db: Db | Tx, ids: number[]): Promise<'events' | null>;
}

/** The refusal of a registration beyond an option's limit; `label` is "{option} for {event}". */
export function fullMessage(label: string): string {
  return `${label} is full.`;
}

/** A sold-out size or stay, or how many are left of it. */
function soldOut(left: number, label: string): AppError {
  return new AppError(
    'conflict',
    left <= 0 ? `${label} is sold out.` : `Only ${left} left of ${label}; please lower the quantity.`,
    { reason: 'sold_out' },
  );
}

const participationOption: KindAdapter = {
  idColumn: sql`${participationOptions.id}`,
  purpose: 'event',
  async info(db, itemId) {
    const [row] = await db
      .select({
        option: participationOptions.participationName,
        min: participationOptions.minRange,
        max: participationOptions.maxRange,
        event: events.name,
        eventId: events.id,
        categoryId: events.categoryId,
      })
      .from(participationOptions)
      .innerJoin(events, eq(events.id, participationOptions.eventId))
      .where(eq(participationOptions.id, itemId));
    if (!row) throw new AppError('not_found', 'This way of taking part does not exist.');
    return {
      label: `${row.option} for ${row.event}`,
      path: `/event/${row.categoryId}/register`,
      eventId: row.eventId,
      isTeam: row.min !== row.max,
      onSale: true, // registration being open is checked by the gate
    };
  },
  async figures(db, ids) {
    const rows = await db
      .select({
        id: participationOptions.id,
        option: participationOptions.participationName,
        event: events.name,
        eventId: events.id,
        limit: participationOptions.placeLimit,
        open: events.isRegistrationOpen,
        taken: sql<number>`(select count(*) from ${registrations}
          where ${registrations.participationId} = ${participationOptions.id}
            and ${registrations.status} = 'confirmed')::int`,
      })
      .from(participationOptions)
      .innerJoin(events, eq(events.id, participationOptions.eventId))
      .where(inArray(participationOptions.id, ids));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          label: `${r.option} for ${r.event}`,
          limit: r.limit,
          taken: Number(r.taken),
          onSale: r.open,
          eventId: r.eventId,
        },
      ]),
    );
  },
  tooFew: (_left, label) => new AppError('conflict', fullMessage(label), { reason: 'full' }),
  goneWhilePaying: (label) => `${label} filled up while your payment was on its way.`,
  async isFree(db, itemId) {
    const [row] = await db
      .select({ price: participationOptions.price })
      .from(participationOptions)
      .where(eq(participationOptions.id, itemId));
    return (row?.price ?? 0) <= 0;
  },
  async pagesShowing(db, ids) {
    // An unlimited option's registrations change nothing shown.
    const [limited] = await db
      .select({ id: participationOptions.id })
      .from(participationOptions)
      .where(and(inArray(participationOptions.id, ids), isNotNull(participationOptions.placeLimit)))
      .limit(1);
    return limited ? 'events' : null;
  },
};

/**
 * A shop item's info is its console figures' label and on-sale flag with its screen's path: one query, one
 * way of naming it; 404 (`missing`) for an item that does not exist.
 */
async function shopItemInfo(
  adapter: KindAdapter & { kind: ShopKind },
  db: Db | Tx,
  itemId: number,
  missing: string,
): Promise<ItemInfo> {
  const item = (await adapter.figures(db, [itemId])).get(itemId);
  if (!item) throw new AppError('not_found', missing);
  return { label: item.label, path: shopPaths[adapter.kind], onSale: item.onSale };
}

const merchandiseVariant: KindAdapter & { kind: ShopKind } = {
  kind: 'merchandise_variant',
  idColumn: sql`${merchandiseVariants.id}`,
  purpose: 'merchandise',
  info: (db, itemId) => shopItemInfo(merchandiseVariant, db, itemId, 'This size does not exist.'),
  async figures(db, ids) {
    const rows = await db
      .select({
        id: merchandiseVariants.id,
        size: merchandiseVariants.type,
        product: merchandiseProducts.name,
        limit: merchandiseVariants.stock,
        taken: merchandiseVariants.sold,
        onSale: sql<boolean>`${merchandiseVariants.isEnabled} and ${merchandiseProducts.isVisible}`,
      })
      .from(merchandiseVariants)
      .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
      .where(inArray(merchandiseVariants.id, ids));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          label: `${r.product}, size ${r.size}`,
          limit: r.limit,
          taken: r.taken,
          onSale: r.onSale,
          eventId: null,
        },
      ]),
    );
  },
  tooFew: soldOut,
  goneWhilePaying: (label) => `${label} sold out while your payment was on its way.`,
  isFree: async () => false,
};

const accommodationOption: KindAdapter & { kind: ShopKind } = {
  kind: 'accommodation_option',
  idColumn: sql`${accommodationOptions.id}`,
  purpose: 'accommodation',
  info: (db, itemId) => shopItemInfo(accommodationOption, db, itemId, 'This stay does not exist.'),
  async figures(db, ids) {
    const rows = await db
      .select({
        id: accommodationOptions.id,
        type: accommodationTypes.accommodationType,
        start: accommodationOptions.startDate,
        limit: accommodationOptions.capacity,
        taken: accommodationOptions.booked,
        onSale: sql<boolean>`${accommodationTypes.isVisible} and ${accommodationOptions.isVisible}`,
      })
      .from(accommodationOptions)
      .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
      .where(inArray(accommodationOptions.id, ids));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          label: `${r.type} from ${r.start}`,
          limit: r.limit,
          taken: r.taken,
          onSale: r.onSale,
          eventId: null,
        },
      ]),
    );
  },
  tooFew: soldOut,
  goneWhilePaying: (label) => `${label} sold out while your payment was on its way.`,
  isFree: async () => false,
};

export const adapters: Record<InventoryKind, KindAdapter> = {
  participation_option: participationOption,
  merchandise_variant: merchandiseVariant,
  accommodation_option: accommodationOption,
};

/** What an item is called and where its screen is; 404 for an item that does not exist. */
export function itemInfo(db: Db | Tx, kind: InventoryKind, itemId: number): Promise<ItemInfo> {
  return adapters[kind].info(db, itemId);
}
