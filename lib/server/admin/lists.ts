import 'server-only';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  BookingFilter,
  MerchandiseOrderFilter,
  PaymentFilter,
  RegistrationFilter,
} from '@/lib/schemas/admin-operations';
import type { Db } from '@/lib/server/db';
import {
  accommodationBookings,
  accommodationOptions,
  accommodationTypes,
  eventCategories,
  events,
  merchandiseOrderLines,
  merchandiseOrders,
  merchandiseProducts,
  merchandiseVariants,
  participationOptions,
  paymentOrders,
  registrationMembers,
  registrations,
  users,
} from '@/lib/server/db/schema';
import type { Batch } from '@/lib/server/csv-stream';

/*
 * The console's operational lists: registrations, T-shirt order lines, accommodation bookings and
 * payments. Each has a page verb (filters, newest or by size first, with a total for paging) and a batch
 * verb for exports that walks the whole filtered table by keyset, never by offset, so a long export
 * neither skips nor repeats rows and never holds more than one batch.
 */

export const listPageSize = 25;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** A position in a list ordered by creation time: the time to the microsecond (as text) and the row id. */
export interface TimeCursor {
  at: string;
  id: string;
}

/** The timestamp with all its microseconds: a JavaScript Date would round them off and break the keyset. */
function cursorText(column: AnyPgColumn) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

function afterTime(column: AnyPgColumn, idColumn: AnyPgColumn, cursor: TimeCursor | null): SQL | undefined {
  return cursor ? sql`(${column}, ${idColumn}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
}

/** `%text%` for ILIKE, with the pattern characters of the search text taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

function fullNameOf(): SQL {
  return sql`(${users.firstName} || ' ' || ${users.lastName})`;
}

/** A person matches by name, e-mail, phone or college. */
export function personMatches(pattern: string): SQL {
  return sql`(${fullNameOf()} ilike ${pattern} or ${users.email} ilike ${pattern} or ${users.phoneNumber} ilike ${pattern} or ${users.college} ilike ${pattern})`;
}

const countAll = sql<number>`cast(count(*) as int)`;

function pageOf<T>(items: T[], total: number, page: number): Page<T> {
  return {
    items,
    total,
    page,
    pageSize: listPageSize,
    pageCount: Math.max(1, Math.ceil(total / listPageSize)),
  };
}

// ---------- registrations ----------

export interface RegistrationMemberRow {
  name: string;
  email: string;
  phone: string;
  college: string;
  isLeader: boolean;
}

/** A teammate who left the team by the link in their confirmation mail. */
export interface DepartedMemberRow extends RegistrationMemberRow {
  leftAt: Date;
}

export interface RegistrationRow {
  id: string;
  createdAt: Date;
  status: 'confirmed' | 'cancelled';
  cancelledAt: Date | null;
  /** The option's minimum team size; a confirmed team with fewer members is flagged. */
  minMembers: number;
  categoryName: string;
  eventId: number;
  eventName: string;
  optionName: string;
  teamName: string | null;
  amountPaise: number;
  paymentOrderId: string | null;
  paymentId: string | null;
  /** The team as registered: every member of a cancelled registration, and who is still in a live one. */
  members: RegistrationMemberRow[];
  /** Teammates who left a live team (or left before it was cancelled), with when. */
  departedMembers: DepartedMemberRow[];
  /** A confirmed registration whose team fell below its option's minimum when teammates left. */
  belowMinimum: boolean;
}

function registrationConditions(filter: RegistrationFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.eventId) conditions.push(eq(registrations.eventId, filter.eventId));
  if (filter.categoryId) conditions.push(eq(events.categoryId, filter.categoryId));
  if (filter.status) conditions.push(eq(registrations.status, filter.status));
  if (filter.q) {
    const pattern = containing(filter.q);
    conditions.push(
      or(
        sql`${registrations.teamName} ilike ${pattern}`,
        sql`${paymentOrders.providerPaymentId} ilike ${pattern}`,
        sql`exists (select 1 from ${registrationMembers} m join ${users} u on u.id = m.user_id
          where m.registration_id = ${registrations.id} and ((u.first_name || ' ' || u.last_name) ilike ${pattern}
          or u.email ilike ${pattern} or u.phone_number ilike ${pattern} or u.college ilike ${pattern}))`,
      ),
    );
  }
  return and(...conditions);
}

function selectRegistrations(db: Db) {
  return db
    .select({
      id: registrations.id,
      createdAt: registrations.createdAt,
      cursorAt: cursorText(registrations.createdAt),
      status: registrations.status,
      cancelledAt: registrations.cancelledAt,
      minMembers: participationOptions.minRange,
      categoryName: eventCategories.name,
      eventId: events.id,
      eventName: events.name,
      optionName: participationOptions.participationName,
      teamName: registrations.teamName,
      amountPaise: registrations.amountPaise,
      paymentOrderId: registrations.paymentOrderId,
      paymentId: paymentOrders.providerPaymentId,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .innerJoin(participationOptions, eq(participationOptions.id, registrations.participationId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, registrations.paymentOrderId));
}

/**
 * Every member of these registrations (cancelled ones too: the list says who was registered), leader
 * first, each with when their membership ended.
 */
async function membersOf(
  db: Db,
  registrationIds: string[],
): Promise<Map<string, (RegistrationMemberRow & { endedAt: Date | null })[]>> {
  const byRegistration = new Map<string, (RegistrationMemberRow & { endedAt: Date | null })[]>();
  if (registrationIds.length === 0) return byRegistration;
  const rows = await db
    .select({
      registrationId: registrationMembers.registrationId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phoneNumber,
      college: users.college,
      isLeader: registrationMembers.isLeader,
      endedAt: registrationMembers.cancelledAt,
    })
    .from(registrationMembers)
    .innerJoin(users, eq(users.id, registrationMembers.userId))
    .where(inArray(registrationMembers.registrationId, registrationIds))
    .orderBy(asc(registrationMembers.registrationId), asc(registrationMembers.position));
  for (const row of rows) {
    const list = byRegistration.get(row.registrationId) ?? [];
    list.push({
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: row.phone,
      college: row.college,
      isLeader: row.isLeader,
      endedAt: row.endedAt,
    });
    byRegistration.set(row.registrationId, list);
  }
  return byRegistration;
}

/**
 * Splits each team into its members and the teammates who left. Cancelling a registration ends every
 * membership at the registration's own time; a membership that ended earlier (or in a live
 * registration) is a departure.
 */
async function withMembers(
  db: Db,
  rows: Omit<RegistrationRow, 'members' | 'departedMembers' | 'belowMinimum'>[],
): Promise<RegistrationRow[]> {
  const byRegistration = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const members: RegistrationMemberRow[] = [];
    const departedMembers: DepartedMemberRow[] = [];
    for (const { endedAt, ...member } of byRegistration.get(r.id) ?? []) {
      const departed =
        endedAt !== null && (r.cancelledAt === null || endedAt.getTime() < r.cancelledAt.getTime());
      if (departed) departedMembers.push({ ...member, leftAt: endedAt });
      else members.push(member);
    }
    const belowMinimum = r.status === 'confirmed' && members.length < r.minMembers;
    return { ...r, members, departedMembers, belowMinimum };
  });
}

/** The row without its keyset position, which only the export's paging needs. */
function stripCursor<T extends { cursorAt: string }>(row: T): Omit<T, 'cursorAt'> {
  const rest: Partial<T> = { ...row };
  delete rest.cursorAt;
  return rest as Omit<T, 'cursorAt'>;
}

export async function listRegistrations(db: Db, filter: RegistrationFilter): Promise<Page<RegistrationRow>> {
  const where = registrationConditions(filter);
  const rows = await selectRegistrations(db)
    .where(where)
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(listPageSize)
    .offset((filter.page - 1) * listPageSize);
  const [count] = await db
    .select({ n: countAll })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, registrations.paymentOrderId))
    .where(where);
  return pageOf(await withMembers(db, rows.map(stripCursor)), count?.n ?? 0, filter.page);
}

/** Oldest first, `limit` registrations after the cursor. */
export async function registrationBatch(
  db: Db,
  filter: RegistrationFilter,
  after: TimeCursor | null,
  limit: number,
): Promise<Batch<RegistrationRow, TimeCursor>> {
  const rows = await selectRegistrations(db)
    .where(and(registrationConditions(filter), afterTime(registrations.createdAt, registrations.id, after)))
    .orderBy(asc(registrations.createdAt), asc(registrations.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    rows: await withMembers(db, rows.map(stripCursor)),
    next: rows.length === limit && last ? { at: last.cursorAt, id: last.id } : null,
  };
}

// ---------- merchandise order lines ----------

export interface MerchandiseLineRow {
  lineId: number;
  orderId: string;
  createdAt: Date;
  status: 'confirmed' | 'cancelled';
  buyerName: string;
  email: string;
  phone: string;
  college: string;
  productName: string;
  size: string;
  qty: number;
  lineTotalPaise: number;
  orderTotalPaise: number;
  paymentId: string | null;
}

/** A position in the by-size order: the size's menu position, the size, the line. */
export interface SizeCursor {
  position: number;
  variantId: number;
  lineId: number;
}

function merchandiseConditions(filter: MerchandiseOrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.productId) conditions.push(eq(merchandiseVariants.productId, filter.productId));
  if (filter.size) conditions.push(sql`upper(${merchandiseVariants.type}) = ${filter.size.toUpperCase()}`);
  if (filter.status) conditions.push(eq(merchandiseOrders.status, filter.status));
  if (filter.q) {
    const pattern = containing(filter.q);
    conditions.push(or(personMatches(pattern), sql`${paymentOrders.providerPaymentId} ilike ${pattern}`));
  }
  return and(...conditions);
}

function selectMerchandiseLines(db: Db) {
  return db
    .select({
      lineId: merchandiseOrderLines.id,
      orderId: merchandiseOrders.id,
      createdAt: merchandiseOrders.createdAt,
      status: merchandiseOrders.status,
      buyerName: sql<string>`${fullNameOf()}`,
      email: users.email,
      phone: users.phoneNumber,
      college: users.college,
      productName: merchandiseProducts.name,
      size: merchandiseVariants.type,
      sizePosition: merchandiseVariants.position,
      variantId: merchandiseVariants.id,
      qty: merchandiseOrderLines.qty,
      lineTotalPaise: merchandiseOrderLines.lineTotalPaise,
      orderTotalPaise: merchandiseOrders.totalPaise,
      paymentId: paymentOrders.providerPaymentId,
    })
    .from(merchandiseOrderLines)
    .innerJoin(merchandiseOrders, eq(merchandiseOrders.id, merchandiseOrderLines.orderId))
    .innerJoin(users, eq(users.id, merchandiseOrders.userId))
    .innerJoin(merchandiseVariants, eq(merchandiseVariants.id, merchandiseOrderLines.variantId))
    .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, merchandiseOrders.paymentOrderId));
}

type RawLine = Awaited<ReturnType<ReturnType<typeof selectMerchandiseLines>['execute']>>[number];

function lineRow(raw: RawLine): MerchandiseLineRow {
  const row: Partial<RawLine> = { ...raw };
  delete row.sizePosition;
  delete row.variantId;
  return row as MerchandiseLineRow;
}

const bySize = [
  asc(merchandiseVariants.position),
  asc(merchandiseVariants.id),
  asc(merchandiseOrderLines.id),
];

export async function listMerchandiseLines(
  db: Db,
  filter: MerchandiseOrderFilter,
): Promise<Page<MerchandiseLineRow>> {
  const where = merchandiseConditions(filter);
  const rows = await selectMerchandiseLines(db)
    .where(where)
    .orderBy(...bySize)
    .limit(listPageSize)
    .offset((filter.page - 1) * listPageSize);
  const [count] = await db
    .select({ n: countAll })
    .from(merchandiseOrderLines)
    .innerJoin(merchandiseOrders, eq(merchandiseOrders.id, merchandiseOrderLines.orderId))
    .innerJoin(users, eq(users.id, merchandiseOrders.userId))
    .innerJoin(merchandiseVariants, eq(merchandiseVariants.id, merchandiseOrderLines.variantId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, merchandiseOrders.paymentOrderId))
    .where(where);
  return pageOf(rows.map(lineRow), count?.n ?? 0, filter.page);
}

export async function merchandiseLineBatch(
  db: Db,
  filter: MerchandiseOrderFilter,
  after: SizeCursor | null,
  limit: number,
): Promise<Batch<MerchandiseLineRow, SizeCursor>> {
  const keyset = after
    ? sql`(${merchandiseVariants.position}, ${merchandiseVariants.id}, ${merchandiseOrderLines.id}) > (${after.position}, ${after.variantId}, ${after.lineId})`
    : undefined;
  const rows = await selectMerchandiseLines(db)
    .where(and(merchandiseConditions(filter), keyset))
    .orderBy(...bySize)
    .limit(limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(lineRow),
    next:
      rows.length === limit && last
        ? { position: last.sizePosition, variantId: last.variantId, lineId: last.lineId }
        : null,
  };
}

export interface SizeTotal {
  productName: string;
  size: string;
  units: number;
}

/** Units per size among the filtered lines: the counts a printer or the merchandise desk needs. */
export async function merchandiseSizeTotals(db: Db, filter: MerchandiseOrderFilter): Promise<SizeTotal[]> {
  const rows = await db
    .select({
      productName: merchandiseProducts.name,
      size: merchandiseVariants.type,
      units: sql<number>`cast(sum(${merchandiseOrderLines.qty}) as int)`,
    })
    .from(merchandiseOrderLines)
    .innerJoin(merchandiseOrders, eq(merchandiseOrders.id, merchandiseOrderLines.orderId))
    .innerJoin(users, eq(users.id, merchandiseOrders.userId))
    .innerJoin(merchandiseVariants, eq(merchandiseVariants.id, merchandiseOrderLines.variantId))
    .innerJoin(merchandiseProducts, eq(merchandiseProducts.id, merchandiseVariants.productId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, merchandiseOrders.paymentOrderId))
    .where(merchandiseConditions(filter))
    .groupBy(
      merchandiseProducts.id,
      merchandiseProducts.name,
      merchandiseVariants.id,
      merchandiseVariants.type,
    )
    .orderBy(asc(merchandiseProducts.id), asc(merchandiseVariants.position), asc(merchandiseVariants.id));
  return rows.map((r) => ({ ...r, units: Number(r.units) }));
}

// ---------- accommodation bookings ----------

export interface BookingRow {
  id: string;
  createdAt: Date;
  status: 'confirmed' | 'cancelled';
  guestName: string;
  email: string;
  phone: string;
  college: string;
  gender: string;
  typeName: string;
  startDate: string;
  days: number;
  amountPaise: number;
  paymentId: string | null;
  identityUploadId: string;
}

function bookingConditions(filter: BookingFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.typeId) conditions.push(eq(accommodationOptions.typeId, filter.typeId));
  if (filter.optionId) conditions.push(eq(accommodationBookings.optionId, filter.optionId));
  if (filter.status) conditions.push(eq(accommodationBookings.status, filter.status));
  if (filter.q) {
    const pattern = containing(filter.q);
    conditions.push(or(personMatches(pattern), sql`${paymentOrders.providerPaymentId} ilike ${pattern}`));
  }
  return and(...conditions);
}

function selectBookings(db: Db) {
  return db
    .select({
      id: accommodationBookings.id,
      createdAt: accommodationBookings.createdAt,
      cursorAt: cursorText(accommodationBookings.createdAt),
      status: accommodationBookings.status,
      guestName: sql<string>`${fullNameOf()}`,
      email: users.email,
      phone: users.phoneNumber,
      college: users.college,
      gender: users.gender,
      typeName: accommodationTypes.accommodationType,
      startDate: accommodationOptions.startDate,
      days: accommodationOptions.days,
      amountPaise: accommodationBookings.amountPaise,
      paymentId: paymentOrders.providerPaymentId,
      identityUploadId: accommodationBookings.identityUploadId,
    })
    .from(accommodationBookings)
    .innerJoin(users, eq(users.id, accommodationBookings.userId))
    .innerJoin(accommodationOptions, eq(accommodationOptions.id, accommodationBookings.optionId))
    .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, accommodationBookings.paymentOrderId));
}

export async function listBookings(db: Db, filter: BookingFilter): Promise<Page<BookingRow>> {
  const where = bookingConditions(filter);
  const rows = await selectBookings(db)
    .where(where)
    .orderBy(desc(accommodationBookings.createdAt), desc(accommodationBookings.id))
    .limit(listPageSize)
    .offset((filter.page - 1) * listPageSize);
  const [count] = await db
    .select({ n: countAll })
    .from(accommodationBookings)
    .innerJoin(users, eq(users.id, accommodationBookings.userId))
    .innerJoin(accommodationOptions, eq(accommodationOptions.id, accommodationBookings.optionId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, accommodationBookings.paymentOrderId))
    .where(where);
  return pageOf(rows.map(stripCursor), count?.n ?? 0, filter.page);
}

export async function bookingBatch(
  db: Db,
  filter: BookingFilter,
  after: TimeCursor | null,
  limit: number,
): Promise<Batch<BookingRow, TimeCursor>> {
  const rows = await selectBookings(db)
    .where(
      and(
        bookingConditions(filter),
        afterTime(accommodationBookings.createdAt, accommodationBookings.id, after),
      ),
    )
    .orderBy(asc(accommodationBookings.createdAt), asc(accommodationBookings.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(stripCursor),
    next: rows.length === limit && last ? { at: last.cursorAt, id: last.id } : null,
  };
}

// ---------- payments ----------

export interface PaymentRow {
  id: string;
  createdAt: Date;
  purpose: 'event' | 'merchandise' | 'accommodation';
  state: 'created' | 'paid' | 'fulfilled' | 'failed' | 'expired' | 'refunded';
  amountPaise: number;
  buyerName: string;
  email: string;
  phone: string;
  receipt: string;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  providerRefundId: string | null;
  paidAt: Date | null;
  fulfilledAt: Date | null;
  refundedAt: Date | null;
  refundClaimedAt: Date | null;
  /** The organiser's refund reason, or why the payment failed. */
  note: string | null;
}

function paymentConditions(filter: PaymentFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.state) conditions.push(eq(paymentOrders.state, filter.state));
  if (filter.purpose) conditions.push(eq(paymentOrders.purpose, filter.purpose));
  if (filter.q) {
    const pattern = containing(filter.q);
    conditions.push(
      or(
        personMatches(pattern),
        sql`${paymentOrders.receipt} ilike ${pattern}`,
        sql`${paymentOrders.providerOrderId} ilike ${pattern}`,
        sql`${paymentOrders.providerPaymentId} ilike ${pattern}`,
        sql`cast(${paymentOrders.id} as text) ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

function selectPayments(db: Db) {
  return db
    .select({
      id: paymentOrders.id,
      createdAt: paymentOrders.createdAt,
      cursorAt: cursorText(paymentOrders.createdAt),
      purpose: paymentOrders.purpose,
      state: paymentOrders.state,
      amountPaise: paymentOrders.amountPaise,
      buyerName: sql<string>`${fullNameOf()}`,
      email: users.email,
      phone: users.phoneNumber,
      receipt: paymentOrders.receipt,
      providerOrderId: paymentOrders.providerOrderId,
      providerPaymentId: paymentOrders.providerPaymentId,
      providerRefundId: paymentOrders.providerRefundId,
      paidAt: paymentOrders.paidAt,
      fulfilledAt: paymentOrders.fulfilledAt,
      refundedAt: paymentOrders.refundedAt,
      refundClaimedAt: paymentOrders.refundClaimedAt,
      note: sql<string | null>`coalesce(${paymentOrders.refundReason}, ${paymentOrders.failureReason})`,
    })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId));
}

export async function listPayments(db: Db, filter: PaymentFilter): Promise<Page<PaymentRow>> {
  const where = paymentConditions(filter);
  const rows = await selectPayments(db)
    .where(where)
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(listPageSize)
    .offset((filter.page - 1) * listPageSize);
  const [count] = await db
    .select({ n: countAll })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .where(where);
  return pageOf(rows.map(stripCursor), count?.n ?? 0, filter.page);
}

export async function paymentBatch(
  db: Db,
  filter: PaymentFilter,
  after: TimeCursor | null,
  limit: number,
): Promise<Batch<PaymentRow, TimeCursor>> {
  const rows = await selectPayments(db)
    .where(and(paymentConditions(filter), afterTime(paymentOrders.createdAt, paymentOrders.id, after)))
    .orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(stripCursor),
    next: rows.length === limit && last ? { at: last.cursorAt, id: last.id } : null,
  };
}

// ---------- filter choices ----------

export interface FilterChoices {
  categories: { id: number; name: string }[];
  events: { id: number; name: string; categoryId: number }[];
  products: { id: number; name: string }[];
  sizes: string[];
  accommodationTypes: { id: number; name: string }[];
  dateOptions: { id: number; typeId: number; typeName: string; startDate: string; days: number }[];
}

/** What the filter menus offer: every category, event, product, size and stay, hidden ones included. */
export async function filterChoices(db: Db): Promise<FilterChoices> {
  const [categories, eventRows, products, variants, types, options] = await Promise.all([
    db
      .select({ id: eventCategories.id, name: eventCategories.name })
      .from(eventCategories)
      .orderBy(asc(eventCategories.position), asc(eventCategories.id)),
    db
      .select({ id: events.id, name: events.name, categoryId: events.categoryId })
      .from(events)
      .orderBy(asc(events.name), asc(events.id)),
    db
      .select({ id: merchandiseProducts.id, name: merchandiseProducts.name })
      .from(merchandiseProducts)
      .orderBy(asc(merchandiseProducts.position), asc(merchandiseProducts.id)),
    db
      .select({ type: merchandiseVariants.type })
      .from(merchandiseVariants)
      .orderBy(asc(merchandiseVariants.position), asc(merchandiseVariants.id)),
    db
      .select({ id: accommodationTypes.id, name: accommodationTypes.accommodationType })
      .from(accommodationTypes)
      .orderBy(asc(accommodationTypes.position), asc(accommodationTypes.id)),
    db
      .select({
        id: accommodationOptions.id,
        typeId: accommodationOptions.typeId,
        typeName: accommodationTypes.accommodationType,
        startDate: accommodationOptions.startDate,
        days: accommodationOptions.days,
      })
      .from(accommodationOptions)
      .innerJoin(accommodationTypes, eq(accommodationTypes.id, accommodationOptions.typeId))
      .orderBy(
        asc(accommodationTypes.position),
        asc(accommodationOptions.startDate),
        asc(accommodationOptions.id),
      ),
  ]);
  return {
    categories,
    events: eventRows,
    products,
    sizes: [...new Set(variants.map((v) => v.type.toUpperCase()))],
    accommodationTypes: types,
    dateOptions: options,
  };
}
