import 'server-only';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toPaise, toRupees } from '@/lib/money';
import type {
  AdminMerchandiseProduct,
  AdminMerchandiseVariant,
  merchandiseProductChangeSchema,
  merchandiseProductSchema,
  merchandiseVariantChangeSchema,
  merchandiseVariantSchema,
} from '@/lib/schemas/admin-content';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import type { Db, Tx } from '@/lib/server/db';
import { merchandiseOrderLines, merchandiseProducts, merchandiseVariants } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { hasChanges, nextPosition, reorderList, type OrderedList } from './content-shared';
import { heldUnits, inventoryChanged } from '@/lib/server/inventory';

/*
 * The console's verbs for merchandise: products (prices typed in rupees, stored in paise) and their
 * sizes with stock. Stock never drops below what is sold plus what open checkouts hold, and nothing
 * that has orders is deleted (the orders keep pointing at it): organisers hide or disable instead.
 * The shop reads merchandise live (no cache), so there is no tag to revalidate.
 */

const productList: OrderedList = {
  table: merchandiseProducts,
  id: merchandiseProducts.id,
  position: merchandiseProducts.position,
  entity: 'merchandise_product',
  label: 'the products',
};

const variantList: OrderedList = {
  table: merchandiseVariants,
  id: merchandiseVariants.id,
  position: merchandiseVariants.position,
  parent: merchandiseVariants.productId,
  entity: 'merchandise_variant',
  label: "one product's sizes",
};

type ProductRow = typeof merchandiseProducts.$inferSelect;
type VariantRow = typeof merchandiseVariants.$inferSelect;
type Product = Omit<AdminMerchandiseProduct, 'variants'>;

function productOf(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: toRupees(row.pricePaise),
    oldPrice: row.oldPricePaise === null ? null : toRupees(row.oldPricePaise),
    image1Url: row.image1Url,
    image2Url: row.image2Url,
    isVisible: row.isVisible,
    position: row.position,
  };
}

function variantOf(row: VariantRow, held: number): AdminMerchandiseVariant {
  return {
    id: row.id,
    productId: row.productId,
    type: row.type,
    stock: row.stock,
    sold: row.sold,
    held,
    left: Math.max(0, row.stock - row.sold - held),
    isEnabled: row.isEnabled,
    position: row.position,
  };
}

/** Every product in order with its sizes, their stock, sales and current holds; hidden ones included. */
export async function listMerchandiseForConsole(db: Db | Tx): Promise<AdminMerchandiseProduct[]> {
  const products = await db
    .select()
    .from(merchandiseProducts)
    .orderBy(asc(merchandiseProducts.position), asc(merchandiseProducts.id));
  const variants = await db
    .select()
    .from(merchandiseVariants)
    .orderBy(asc(merchandiseVariants.position), asc(merchandiseVariants.id));
  const held = await heldUnits(
    db,
    'merchandise_variant',
    variants.map((v) => v.id),
  );
  return products.map((p) => ({
    ...productOf(p),
    variants: variants.filter((v) => v.productId === p.id).map((v) => variantOf(v, held.get(v.id) ?? 0)),
  }));
}

async function lockedProduct(tx: Tx, id: number): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(merchandiseProducts)
    .where(eq(merchandiseProducts.id, id))
    .for('update');
  if (!row) throw new AppError('not_found', 'No product has that id.');
  return row;
}

/** Locks a size the way a checkout's hold does, so a floor check and a new hold cannot interleave. */
async function lockedVariant(tx: Tx, id: number): Promise<VariantRow> {
  const [row] = await tx
    .select()
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.id, id))
    .for('update');
  if (!row) throw new AppError('not_found', 'No size has that id.');
  return row;
}

function assertOldPriceAbove(pricePaise: number, oldPricePaise: number | null): void {
  if (oldPricePaise !== null && oldPricePaise <= pricePaise) {
    const message = 'The old price must be more than the price (it is shown struck through).';
    throw new AppError('invalid_input', message, { fieldErrors: { oldPrice: message } });
  }
}

async function ordersFor(tx: Tx, variantIds: number[]): Promise<number> {
  if (variantIds.length === 0) return 0;
  const [row] = await tx
    .select({ count: sql<number>`cast(count(distinct ${merchandiseOrderLines.orderId}) as int)` })
    .from(merchandiseOrderLines)
    .where(inArray(merchandiseOrderLines.variantId, variantIds));
  return Number(row?.count ?? 0);
}

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

export function createMerchandiseProduct(
  db: Db,
  actor: Actor,
  input: z.output<typeof merchandiseProductSchema>,
) {
  return db.transaction(async (tx) => {
    const pricePaise = toPaise(input.price);
    const oldPricePaise = input.oldPrice == null ? null : toPaise(input.oldPrice);
    assertOldPriceAbove(pricePaise, oldPricePaise);
    const [row] = await tx
      .insert(merchandiseProducts)
      .values({
        name: input.name,
        description: input.description,
        pricePaise,
        oldPricePaise,
        image1Url: input.image1Url,
        image2Url: input.image2Url ?? null,
        isVisible: input.isVisible ?? true,
        position: await nextPosition(tx, productList),
      })
      .returning();
    const after = productOf(row!);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'merchandise_product',
      entityId: row!.id,
      after,
    });
    return { ...after, variants: [] as AdminMerchandiseVariant[] };
  });
}

export function updateMerchandiseProduct(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof merchandiseProductChangeSchema>,
) {
  return db.transaction(async (tx) => {
    const beforeRow = await lockedProduct(tx, id);
    const values = {
      name: input.name,
      description: input.description,
      pricePaise: input.price === undefined ? undefined : toPaise(input.price),
      oldPricePaise:
        input.oldPrice === undefined ? undefined : input.oldPrice === null ? null : toPaise(input.oldPrice),
      image1Url: input.image1Url,
      image2Url: input.image2Url,
      isVisible: input.isVisible,
    };
    const before = productOf(beforeRow);
    if (!hasChanges(values)) return before;
    assertOldPriceAbove(
      values.pricePaise ?? beforeRow.pricePaise,
      values.oldPricePaise === undefined ? beforeRow.oldPricePaise : values.oldPricePaise,
    );
    const [row] = await tx
      .update(merchandiseProducts)
      .set(values)
      .where(eq(merchandiseProducts.id, id))
      .returning();
    const after = productOf(row!);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'merchandise_product',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes a product and its sizes, unless anything was ever ordered or is being paid for right now. */
export function deleteMerchandiseProduct(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const product = await lockedProduct(tx, id);
    const variants = await tx
      .select()
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.productId, id))
      .orderBy(asc(merchandiseVariants.position), asc(merchandiseVariants.id))
      .for('update');
    const ids = variants.map((v) => v.id);
    const count = await ordersFor(tx, ids);
    if (count > 0) {
      throw new AppError(
        'conflict',
        `“${product.name}” has ${orders(count)}, so it cannot be deleted: the orders must keep their record. Hide it instead.`,
        { reason: 'has_orders' },
      );
    }
    const held = [...(await heldUnits(tx, 'merchandise_variant', ids)).values()].reduce((a, b) => a + b, 0);
    if (held > 0) {
      throw new AppError(
        'conflict',
        `Someone is paying for “${product.name}” right now, so it cannot be deleted. Hide it instead, or try again in a few minutes.`,
        { reason: 'held' },
      );
    }
    await tx.delete(merchandiseProducts).where(eq(merchandiseProducts.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'merchandise_product',
      entityId: id,
      before: { ...productOf(product), variants: variants.map((v) => variantOf(v, 0)) },
    });
    return { id };
  });
}

export function reorderMerchandiseProducts(db: Db, actor: Actor, ids: number[]) {
  return reorderList(db, actor, productList, ids);
}

async function assertSizeFree(tx: Tx, productId: number, type: string, exceptId?: number): Promise<void> {
  const [clash] = await tx
    .select({ id: merchandiseVariants.id })
    .from(merchandiseVariants)
    .where(
      and(
        eq(merchandiseVariants.productId, productId),
        sql`lower(${merchandiseVariants.type}) = lower(${type})`,
        exceptId === undefined ? undefined : ne(merchandiseVariants.id, exceptId),
      ),
    );
  if (clash) {
    const message = `This product already has a size ${type}.`;
    throw new AppError('conflict', message, { fieldErrors: { type: message } });
  }
}

export function listVariantsForConsole(db: Db, filter: { productId?: number } = {}) {
  return listMerchandiseForConsole(db).then((products) =>
    products
      .filter((p) => filter.productId === undefined || p.id === filter.productId)
      .flatMap((p) => p.variants),
  );
}

export function createMerchandiseVariant(
  db: Db,
  actor: Actor,
  input: z.output<typeof merchandiseVariantSchema>,
) {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: merchandiseProducts.id })
      .from(merchandiseProducts)
      .where(eq(merchandiseProducts.id, input.productId))
      .for('update');
    if (!product) {
      throw new AppError('invalid_input', 'That product does not exist.', {
        fieldErrors: { productId: 'That product does not exist.' },
      });
    }
    await assertSizeFree(tx, input.productId, input.type);
    const [row] = await tx
      .insert(merchandiseVariants)
      .values({
        productId: input.productId,
        type: input.type,
        stock: input.stock,
        isEnabled: input.isEnabled ?? true,
        position: await nextPosition(tx, variantList, input.productId),
      })
      .returning();
    const after = variantOf(row!, 0);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'merchandise_variant',
      entityId: row!.id,
      after,
    });
    return after;
  });
}

export function updateMerchandiseVariant(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof merchandiseVariantChangeSchema>,
) {
  return db.transaction(async (tx) => {
    const row = await lockedVariant(tx, id);
    const held = (await heldUnits(tx, 'merchandise_variant', [id])).get(id) ?? 0;
    const before = variantOf(row, held);
    const values = { type: input.type, stock: input.stock, isEnabled: input.isEnabled };
    if (!hasChanges(values)) return before;
    if (input.type !== undefined && input.type !== row.type)
      await assertSizeFree(tx, row.productId, input.type, id);
    if (input.stock !== undefined && input.stock < row.sold + held) {
      const message =
        `Size ${row.type} has ${row.sold} sold and ${held} held in checkouts right now, ` +
        `so its stock cannot go below ${row.sold + held}.`;
      throw new AppError('conflict', message, { fieldErrors: { stock: message }, reason: 'below_sold' });
    }
    const [updated] = await tx
      .update(merchandiseVariants)
      .set(values)
      .where(eq(merchandiseVariants.id, id))
      .returning();
    const after = variantOf(updated!, held);
    // More stock, or a size switched back on: the units go to its waiting list first, at once.
    if ((input.stock !== undefined && input.stock > row.stock) || (input.isEnabled && !row.isEnabled)) {
      inventoryChanged(tx, 'merchandise_variant', id);
    }
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'merchandise_variant',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

export function deleteMerchandiseVariant(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await lockedVariant(tx, id);
    const count = await ordersFor(tx, [id]);
    if (count > 0 || row.sold > 0) {
      throw new AppError(
        'conflict',
        `Size ${row.type} has ${orders(Math.max(count, 1))}, so it cannot be removed: the orders must keep their record. Disable the size instead.`,
        { reason: 'has_orders' },
      );
    }
    const held = (await heldUnits(tx, 'merchandise_variant', [id])).get(id) ?? 0;
    if (held > 0) {
      throw new AppError(
        'conflict',
        `Someone is paying for size ${row.type} right now, so it cannot be removed. Disable it instead, or try again in a few minutes.`,
        { reason: 'held' },
      );
    }
    await tx.delete(merchandiseVariants).where(eq(merchandiseVariants.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'merchandise_variant',
      entityId: id,
      before: variantOf(row, 0),
    });
    return { id };
  });
}

export function reorderMerchandiseVariants(db: Db, actor: Actor, ids: number[]) {
  return reorderList(db, actor, variantList, ids);
}
