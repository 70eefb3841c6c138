import 'server-only';
import type { CsvColumn } from '@/lib/csv';
import { formatDecimal } from '@/lib/money';
import type {
  BookingFilter,
  MerchandiseOrderFilter,
  PaymentFilter,
  RegistrationFilter,
} from '@/lib/schemas/admin-operations';
import { stayEndDate } from '@/lib/schemas/shop-rules';
import type { Db } from '@/lib/server/db';
import { env } from '@/lib/server/env';
import { uploadUrl } from '@/lib/server/uploads/uploads';
import type { InventoryKind } from '@/lib/server/inventory';
import type { ListedEntry } from '@/lib/schemas/waiting-lists';
import { listWaitingList } from '@/lib/server/services/waiting-lists';
import { csvDownload, exportBatchSize } from '@/lib/server/csv-stream';
import {
  bookingBatch,
  merchandiseLineBatch,
  paymentBatch,
  registrationBatch,
  type BookingRow,
  type MerchandiseLineRow,
  type PaymentRow,
  type RegistrationRow,
  type SizeCursor,
  type TimeCursor,
} from './lists';

/*
 * The console's CSV exports: the columns of each list and its streaming download. A registration is one
 * row, its members' names, e-mails, phones and colleges listed leader first, separated by "; ", in the
 * same order in every column, so the amount paid is counted once per registration.
 */

const joined = (values: string[]) => values.join('; ');

export const registrationColumns: readonly CsvColumn<RegistrationRow>[] = [
  { header: 'Registration id', value: (r) => r.id },
  { header: 'Registered at', value: (r) => r.createdAt },
  { header: 'Status', value: (r) => r.status },
  { header: 'Category', value: (r) => r.categoryName },
  { header: 'Event', value: (r) => r.eventName },
  { header: 'Option', value: (r) => r.optionName },
  { header: 'Team', value: (r) => r.teamName },
  { header: 'Members', value: (r) => joined(r.members.map((m) => m.name)) },
  { header: 'E-mails', value: (r) => joined(r.members.map((m) => m.email)) },
  { header: 'Phones', value: (r) => joined(r.members.map((m) => m.phone)) },
  { header: 'Colleges', value: (r) => joined(r.members.map((m) => m.college)) },
  { header: 'Paid (INR)', value: (r) => formatDecimal({ paise: r.amountPaise }) },
  { header: 'Payment id', value: (r) => r.paymentId },
];

export const merchandiseColumns: readonly CsvColumn<MerchandiseLineRow>[] = [
  { header: 'Size', value: (r) => r.size },
  { header: 'Quantity', value: (r) => r.qty },
  { header: 'Product', value: (r) => r.productName },
  { header: 'Buyer', value: (r) => r.buyerName },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'College', value: (r) => r.college },
  { header: 'Status', value: (r) => r.status },
  { header: 'Line total (INR)', value: (r) => formatDecimal({ paise: r.lineTotalPaise }) },
  { header: 'Order total (INR)', value: (r) => formatDecimal({ paise: r.orderTotalPaise }) },
  { header: 'Order id', value: (r) => r.orderId },
  { header: 'Payment id', value: (r) => r.paymentId },
  { header: 'Ordered at', value: (r) => r.createdAt },
];

export const bookingColumns: readonly CsvColumn<BookingRow>[] = [
  { header: 'Booking id', value: (r) => r.id },
  { header: 'Booked at', value: (r) => r.createdAt },
  { header: 'Status', value: (r) => r.status },
  { header: 'Guest', value: (r) => r.guestName },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'College', value: (r) => r.college },
  { header: 'Gender', value: (r) => r.gender },
  { header: 'Accommodation', value: (r) => r.typeName },
  { header: 'Check-in', value: (r) => r.startDate },
  { header: 'Check-out', value: (r) => stayEndDate(r.startDate, r.days) },
  { header: 'Nights', value: (r) => r.days },
  { header: 'Paid (INR)', value: (r) => formatDecimal({ paise: r.amountPaise }) },
  { header: 'Payment id', value: (r) => r.paymentId },
  // A full address, so the link opens from the spreadsheet (in the organiser's signed-in browser).
  { header: 'Identity proof', value: (r) => new URL(uploadUrl(r.identityUploadId), env().SITE_URL).href },
];

export const paymentColumns: readonly CsvColumn<PaymentRow>[] = [
  { header: 'Payment order id', value: (r) => r.id },
  { header: 'Created at', value: (r) => r.createdAt },
  { header: 'Purpose', value: (r) => r.purpose },
  { header: 'State', value: (r) => r.state },
  { header: 'Amount (INR)', value: (r) => formatDecimal({ paise: r.amountPaise }) },
  { header: 'Buyer', value: (r) => r.buyerName },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Receipt', value: (r) => r.receipt },
  { header: 'Provider order id', value: (r) => r.providerOrderId },
  { header: 'Payment id', value: (r) => r.providerPaymentId },
  { header: 'Refund id', value: (r) => r.providerRefundId },
  { header: 'Paid at', value: (r) => r.paidAt },
  { header: 'Fulfilled at', value: (r) => r.fulfilledAt },
  { header: 'Refunded at', value: (r) => r.refundedAt },
  { header: 'Note', value: (r) => r.note },
];

/** The date in a file name, so successive downloads do not overwrite each other. */
function stamped(name: string): string {
  return `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
}

export function exportRegistrations(
  db: Db,
  filter: RegistrationFilter,
  batchSize = exportBatchSize,
): Response {
  return csvDownload<RegistrationRow, TimeCursor>({
    filename: stamped('registrations'),
    columns: registrationColumns,
    batch: (after) => registrationBatch(db, filter, after, batchSize),
  });
}

export function exportMerchandiseOrders(
  db: Db,
  filter: MerchandiseOrderFilter,
  batchSize = exportBatchSize,
): Response {
  return csvDownload<MerchandiseLineRow, SizeCursor>({
    filename: stamped('merchandise-orders'),
    columns: merchandiseColumns,
    batch: (after) => merchandiseLineBatch(db, filter, after, batchSize),
  });
}

export function exportBookings(db: Db, filter: BookingFilter, batchSize = exportBatchSize): Response {
  return csvDownload<BookingRow, TimeCursor>({
    filename: stamped('bookings'),
    columns: bookingColumns,
    batch: (after) => bookingBatch(db, filter, after, batchSize),
  });
}

export function exportPayments(db: Db, filter: PaymentFilter, batchSize = exportBatchSize): Response {
  return csvDownload<PaymentRow, TimeCursor>({
    filename: stamped('payments'),
    columns: paymentColumns,
    batch: (after) => paymentBatch(db, filter, after, batchSize),
  });
}

const waitingListColumns: readonly CsvColumn<ListedEntry>[] = [
  { header: 'Position', value: (r) => (r.position === null ? '' : String(r.position)) },
  { header: 'Status', value: (r) => r.status },
  { header: 'Name', value: (r) => r.name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Team name', value: (r) => r.teamName ?? '' },
  { header: 'Team e-mails', value: (r) => joined(r.emails) },
  { header: 'Joined at', value: (r) => r.joinedAt },
  { header: 'Offer expires at', value: (r) => r.offerExpiresAt ?? '' },
];

/** One item's waiting list (at most a few hundred rows: one batch). */
export async function exportWaitingList(db: Db, kind: InventoryKind, itemId: number): Promise<Response> {
  const { entries } = await listWaitingList(db, kind, itemId);
  return csvDownload<ListedEntry, number>({
    filename: stamped(`waiting-list-${kind}-${itemId}`),
    columns: waitingListColumns,
    batch: async () => ({ rows: entries, next: null }),
  });
}
