import type { Metadata } from 'next';
import { formatFigure } from '@/lib/money';
import { searchField } from '@/components/admin/operations/filter-form';
import { DateCell, StatusText, tdClass } from '@/components/admin/operations/list-chrome';
import { OperationsListPage } from '@/components/admin/operations/list-page';
import { RefundButton } from '@/components/admin/operations/refund-button';
import {
  paymentFilterSchema,
  paymentPurposeValues,
  paymentStateValues,
} from '@/lib/schemas/admin-operations';
import { consoleListFilter, type ListPageProps } from '@/lib/server/admin/list-page';
import { getDb } from '@/lib/server/db';
import { listPayments } from '@/lib/server/admin/lists';
import { isRefundInProgress } from '@/lib/server/services/refunds';

export const metadata: Metadata = { title: 'Payments' };

const purposeLabel = { event: 'Event', merchandise: 'Merchandise', accommodation: 'Accommodation' } as const;

export default async function PaymentsPage(props: ListPageProps) {
  const { filter, problem } = await consoleListFilter(paymentFilterSchema, props);
  const page = await listPayments(await getDb(), filter);
  return (
    <OperationsListPage
      name="payments"
      title="Payments"
      intro="Every payment order and its state. A fulfilled payment can be refunded: the money goes back through the payment provider, the purchase is cancelled and the buyer is mailed."
      filter={filter}
      problem={problem}
      filterLabel="Filter payments"
      fields={[
        searchField(filter.q, 'Name, e-mail, receipt, payment id…'),
        {
          name: 'state',
          label: 'State',
          value: filter.state,
          anyLabel: 'Any state',
          options: paymentStateValues.map((s) => ({ value: s, label: s })),
        },
        {
          name: 'purpose',
          label: 'Purpose',
          value: filter.purpose,
          anyLabel: 'Any purpose',
          options: paymentPurposeValues.map((p) => ({ value: p, label: purposeLabel[p] })),
        },
      ]}
      noun={['payment', 'payments']}
      table={{
        label: 'Payments',
        widthClass: 'min-w-[56rem]',
        columns: [
          'Buyer',
          'Purpose',
          'Amount',
          'State',
          'Ids',
          'Created',
          <span key="actions" className="sr-only">
            Actions
          </span>,
        ],
        empty: 'No payments match these filters.',
      }}
      list={page}
      rowKey={(p) => p.id}
      row={(p) => {
        const refunding = isRefundInProgress(p);
        const refundable = (p.state === 'fulfilled' || p.state === 'paid') && !refunding;
        return (
          <>
            <td className={tdClass}>
              <span className="block font-semibold">{p.buyerName}</span>
              <span className="block break-all text-parchment/80">{p.email}</span>
            </td>
            <td className={tdClass}>{purposeLabel[p.purpose]}</td>
            <td className={`${tdClass} whitespace-nowrap`}>{formatFigure({ paise: p.amountPaise })}</td>
            <td className={tdClass}>
              <StatusText status={refunding ? 'refund under way' : p.state} />
              {p.note ? <span className="block text-parchment/80">{p.note}</span> : null}
            </td>
            <td className={`${tdClass} break-all`}>
              <span className="block">Payment: {p.providerPaymentId ?? '—'}</span>
              <span className="block text-parchment/80">Receipt: {p.receipt}</span>
              {p.providerRefundId && !refunding ? (
                <span className="block text-parchment/80">Refund: {p.providerRefundId}</span>
              ) : null}
            </td>
            <DateCell date={p.createdAt} />
            <td className={tdClass}>
              {refundable ? (
                <RefundButton
                  orderId={p.id}
                  amount={formatFigure({ paise: p.amountPaise })}
                  buyer={p.buyerName}
                />
              ) : null}
            </td>
          </>
        );
      }}
    />
  );
}
