import type { Metadata } from 'next';
import { formatFigure } from '@/lib/money';
import { searchField, statusField } from '@/components/admin/operations/filter-form';
import { DateCell, StatusText, tdClass } from '@/components/admin/operations/list-chrome';
import { OperationsListPage } from '@/components/admin/operations/list-page';
import { formatShortDate } from '@/lib/format';
import { bookingFilterSchema } from '@/lib/schemas/admin-operations';
import { stayEndDate } from '@/lib/schemas/shop-rules';
import { consoleListFilter, type ListPageProps } from '@/lib/server/admin/list-page';
import { getDb } from '@/lib/server/db';
import { filterChoices, listBookings } from '@/lib/server/admin/lists';

export const metadata: Metadata = { title: 'Bookings' };

export default async function BookingsPage(props: ListPageProps) {
  const { filter, problem } = await consoleListFilter(bookingFilterSchema, props);
  const db = await getDb();
  const page = await listBookings(db, filter);
  const choices = await filterChoices(db);
  const options = filter.typeId
    ? choices.dateOptions.filter((o) => o.typeId === filter.typeId)
    : choices.dateOptions;
  return (
    <OperationsListPage
      name="bookings"
      title="Bookings"
      intro="Accommodation bookings with each guest's identity proof. Proofs are personal data: open them only to check a guest in."
      filter={filter}
      problem={problem}
      filterLabel="Filter bookings"
      fields={[
        searchField(filter.q, 'Name, e-mail, phone, payment id…'),
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
        statusField(filter.status),
      ]}
      noun={['booking', 'bookings']}
      table={{
        label: 'Bookings',
        widthClass: 'min-w-[52rem]',
        columns: ['Guest', 'Stay', 'Paid', 'Payment id', 'Identity proof', 'Status', 'Booked'],
        empty: 'No bookings match these filters.',
      }}
      list={page}
      rowKey={(b) => b.id}
      row={(b) => (
        <>
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
          <td className={`${tdClass} whitespace-nowrap`}>{formatFigure({ paise: b.amountPaise })}</td>
          <td className={`${tdClass} break-all`}>{b.paymentId ?? '—'}</td>
          <td className={tdClass}>
            <a href={`/api/uploads/${b.identityUploadId}`} className="text-gold underline" rel="noopener">
              Open proof<span className="sr-only"> of {b.guestName}</span>
            </a>
          </td>
          <td className={tdClass}>
            <StatusText status={b.status} />
          </td>
          <DateCell date={b.createdAt} />
        </>
      )}
    />
  );
}
