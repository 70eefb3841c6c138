import type { Metadata } from 'next';
import { formatInr } from '@/components/admin/operations/figures';
import { FilterForm } from '@/components/admin/operations/filter-form';
import {
  FilterProblem,
  ListHeader,
  Pagination,
  ResultCount,
  ScrollTable,
  StatusText,
  tdClass,
  thClass,
} from '@/components/admin/operations/list-chrome';
import { formatDateTime, formatShortDate } from '@/lib/format';
import { bookingFilterSchema, filterQuery, pageFilter } from '@/lib/schemas/admin-operations';
import { stayEndDate } from '@/lib/schemas/shop';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { filterChoices, listBookings } from '@/lib/server/services/admin-lists';

export const metadata: Metadata = { title: 'Bookings' };

const path = '/admin/bookings';

export default async function BookingsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireConsoleUser();
  const { filter, problem } = pageFilter(bookingFilterSchema, await searchParams);
  const db = await getDb();
  const page = await listBookings(db, filter);
  const choices = await filterChoices(db);
  const options = filter.typeId
    ? choices.dateOptions.filter((o) => o.typeId === filter.typeId)
    : choices.dateOptions;
  return (
    <main>
      <ListHeader
        title="Bookings"
        intro="Accommodation bookings with each guest's identity proof. Proofs are personal data: open them only to check a guest in."
        exportHref={`/api/admin/export/bookings.csv${filterQuery({ ...filter, page: 1 })}`}
        exportLabel="Export CSV"
      />
      <FilterProblem message={problem} />
      <FilterForm
        label="Filter bookings"
        action={path}
        fields={[
          { name: 'q', label: 'Search', value: filter.q, placeholder: 'Name, e-mail, phone, payment id…' },
          {
            name: 'typeId',
            label: 'Accommodation',
            value: filter.typeId,
            anyLabel: 'All types',
            options: choices.accommodationTypes.map((t) => ({ value: t.id, label: t.name })),
          },
          {
            name: 'optionId',
            label: 'Dates',
            value: filter.optionId,
            anyLabel: 'All dates',
            options: options.map((o) => ({
              value: o.id,
              label: `${o.typeName}: ${formatShortDate(o.startDate)}, ${o.days} night${o.days === 1 ? '' : 's'}`,
            })),
          },
          {
            name: 'status',
            label: 'Status',
            value: filter.status,
            anyLabel: 'Any status',
            options: [
              { value: 'confirmed', label: 'Confirmed' },
              { value: 'cancelled', label: 'Cancelled' },
            ],
          },
        ]}
      />
      <ResultCount total={page.total} noun={['booking', 'bookings']} />
      {page.items.length > 0 ? (
        <ScrollTable label="Bookings">
          <table className="w-full min-w-[52rem] border-collapse">
            <thead>
              <tr className="border-b border-white/10">
                <th scope="col" className={thClass}>
                  Guest
                </th>
                <th scope="col" className={thClass}>
                  Stay
                </th>
                <th scope="col" className={thClass}>
                  Paid
                </th>
                <th scope="col" className={thClass}>
                  Payment id
                </th>
                <th scope="col" className={thClass}>
                  Identity proof
                </th>
                <th scope="col" className={thClass}>
                  Status
                </th>
                <th scope="col" className={thClass}>
                  Booked
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((b) => (
                <tr key={b.id} className="border-b border-white/5">
                  <td className={tdClass}>
                    <span className="block font-semibold">{b.guestName}</span>
                    <span className="block break-all text-parchment/80">
                      {b.email} · {b.phone}
                    </span>
                    <span className="block text-parchment/80">
                      {b.college} · {b.gender}
                    </span>
                  </td>
                  <td className={tdClass}>
                    <span className="block font-semibold">{b.typeName}</span>
                    <span className="block text-parchment/80">
                      {formatShortDate(b.startDate)} to {formatShortDate(stayEndDate(b.startDate, b.days))}
                    </span>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatInr(b.amountPaise)}</td>
                  <td className={`${tdClass} break-all`}>{b.paymentId ?? '—'}</td>
                  <td className={tdClass}>
                    <a
                      href={`/api/uploads/${b.identityUploadId}`}
                      className="text-gold underline"
                      rel="noopener"
                    >
                      Open proof<span className="sr-only"> of {b.guestName}</span>
                    </a>
                  </td>
                  <td className={tdClass}>
                    <StatusText status={b.status} />
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <time dateTime={b.createdAt.toISOString()}>{formatDateTime(b.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : (
        <p className="mt-3 text-parchment/80">No bookings match these filters.</p>
      )}
      <Pagination path={path} filter={filter} page={page.page} pageCount={page.pageCount} />
    </main>
  );
}
