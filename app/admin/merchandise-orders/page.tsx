import type { Metadata } from 'next';
import { formatCount } from '@/components/admin/operations/figures';
import { formatFigure } from '@/lib/money';
import { searchField, statusField } from '@/components/admin/operations/filter-form';
import { DateCell, StatusText, tdClass } from '@/components/admin/operations/list-chrome';
import { OperationsListPage } from '@/components/admin/operations/list-page';
import { merchandiseOrderFilterSchema } from '@/lib/schemas/admin-operations';
import { consoleListFilter, type ListPageProps } from '@/lib/server/admin/list-page';
import { getDb } from '@/lib/server/db';
import { filterChoices, listMerchandiseLines, merchandiseSizeTotals } from '@/lib/server/admin/lists';

export const metadata: Metadata = { title: 'T-shirt orders' };

export default async function MerchandiseOrdersPage(props: ListPageProps) {
  const { filter, problem } = await consoleListFilter(merchandiseOrderFilterSchema, props);
  const db = await getDb();
  const page = await listMerchandiseLines(db, filter);
  const sizes = await merchandiseSizeTotals(db, filter);
  const choices = await filterChoices(db);
  return (
    <OperationsListPage
      name="merchandise-orders"
      title="T-shirt orders"
      intro="Merchandise order lines sorted by size, for printing and for the merchandise desk. Filter by size to print one pile at a time."
      filter={filter}
      problem={problem}
      filterLabel="Filter T-shirt orders"
      fields={[
        searchField(filter.q, 'Name, e-mail, phone, payment id…'),
        {
          name: 'productId',
          label: 'Product',
          value: filter.productId,
          anyLabel: 'All products',
          options: choices.products.map((p) => ({ value: p.id, label: p.name })),
        },
        {
          name: 'size',
          label: 'Size',
          value: filter.size?.toUpperCase(),
          anyLabel: 'All sizes',
          options: choices.sizes.map((s) => ({ value: s, label: s })),
        },
        statusField(filter.status),
      ]}
      noun={['line', 'lines']}
      table={{
        label: 'T-shirt order lines',
        widthClass: 'min-w-[48rem]',
        columns: ['Size', 'Qty', 'Product', 'Buyer', 'Paid', 'Payment id', 'Status', 'Ordered'],
        empty: 'No T-shirt orders match these filters.',
      }}
      list={page}
      rowKey={(line) => line.lineId}
      row={(line) => (
        <>
          <td className={`${tdClass} font-display text-lg`}>{line.size}</td>
          <td className={tdClass}>{line.qty}</td>
          <td className={tdClass}>{line.productName}</td>
          <td className={tdClass}>
            <span className="block font-semibold">{line.buyerName}</span>
            <span className="block break-all text-parchment/80">
              {line.email} · {line.phone}
            </span>
            <span className="block text-parchment/80">{line.college}</span>
          </td>
          <td className={`${tdClass} whitespace-nowrap`}>{formatFigure({ paise: line.lineTotalPaise })}</td>
          <td className={`${tdClass} break-all`}>{line.paymentId ?? '—'}</td>
          <td className={tdClass}>
            <StatusText status={line.status} />
          </td>
          <DateCell date={line.createdAt} />
        </>
      )}
    >
      <h2 className="mt-6 font-display text-xl text-gold">Units per size</h2>
      {sizes.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {sizes.map((s) => (
            <li
              key={`${s.productName}-${s.size}`}
              className="rounded border border-white/15 px-3 py-2 text-parchment"
            >
              {s.productName}, size <strong>{s.size}</strong>: {formatCount(s.units)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-parchment/80">No units ordered for these filters.</p>
      )}
      <h2 className="mt-6 font-display text-xl text-gold">Order lines</h2>
    </OperationsListPage>
  );
}
