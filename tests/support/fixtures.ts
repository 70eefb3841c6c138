import type { Db } from '@/lib/server/db';
import {
  accommodationOptions,
  accommodationTypes,
  merchandiseProducts,
  merchandiseVariants,
} from '@/lib/server/db/schema';

/** The smallest valid PNG (1×1): an upload that passes the magic-byte check. */
export const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ff8ea1f6a40000000049454e44ae426082',
  'hex',
);

/** A T-shirt with one variant per size given, each holding that many units. */
export async function newTee(
  db: Db,
  options: { name: string; pricePaise: number; stockBySize: Record<string, number> },
) {
  const [product] = await db
    .insert(merchandiseProducts)
    .values({
      name: options.name,
      description: 'Test',
      pricePaise: options.pricePaise,
      image1Url: '/images/merch/tee-front.svg',
    })
    .returning();
  return db
    .insert(merchandiseVariants)
    .values(
      Object.entries(options.stockBySize).map(([type, stock]) => ({ productId: product!.id, type, stock })),
    )
    .returning();
}

/** An accommodation type of its own with one date option from 21 February. */
export async function newStay(
  db: Db,
  options: { label: string; capacity: number; pricePerNight: number | null; days: number },
) {
  const [type] = await db
    .insert(accommodationTypes)
    .values({
      accommodationType: `${options.label} ${Math.random().toString(36).slice(2, 6)}`,
      pricePerNight: options.pricePerNight,
    })
    .returning();
  const [option] = await db
    .insert(accommodationOptions)
    .values({ typeId: type!.id, startDate: '2027-02-21', days: options.days, capacity: options.capacity })
    .returning();
  return option!;
}
