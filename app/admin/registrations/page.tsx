import type { Metadata } from 'next';
import { formatDateTime } from '@/lib/format';
import { formatFigure } from '@/lib/money';
import { searchField, statusField } from '@/components/admin/operations/filter-form';
import { DateCell, StatusText, tdClass } from '@/components/admin/operations/list-chrome';
import { OperationsListPage } from '@/components/admin/operations/list-page';
import { registrationFilterSchema } from '@/lib/schemas/admin-operations';
import { consoleListFilter, type ListPageProps } from '@/lib/server/admin/list-page';
import { getDb } from '@/lib/server/db';
import { filterChoices, listRegistrations } from '@/lib/server/admin/lists';

export const metadata: Metadata = { title: 'Registrations' };

export default async function RegistrationsPage(props: ListPageProps) {
  const { filter, problem } = await consoleListFilter(registrationFilterSchema, props);
  const db = await getDb();
  const [page, choices] = [await listRegistrations(db, filter), await filterChoices(db)];
  const events = filter.categoryId
    ? choices.events.filter((e) => e.categoryId === filter.categoryId)
    : choices.events;
  return (
    <OperationsListPage
      name="registrations"
      title="Registrations"
      intro="Every event registration with its team, members and payment. Teammates who left by the link in their confirmation mail are struck through, and a team left below its minimum size is flagged (nothing is refunded automatically). Search by team, name, e-mail, phone, college or payment id."
      filter={filter}
      problem={problem}
      filterLabel="Filter registrations"
      fields={[
        searchField(filter.q, 'Team, name, e-mail, phone…'),
        {
          name: 'categoryId',
          label: 'Category',
          value: filter.categoryId,
          anyLabel: 'All categories',
          options: choices.categories.map((c) => ({ value: c.id, label: c.name })),
        },
        {
          name: 'eventId',
          label: 'Event',
          value: filter.eventId,
          anyLabel: 'All events',
          options: events.map((e) => ({ value: e.id, label: e.name })),
        },
        statusField(filter.status),
      ]}
      noun={['registration', 'registrations']}
      table={{
        label: 'Registrations',
        widthClass: 'min-w-[56rem]',
        columns: ['Event', 'Team', 'Members', 'Paid', 'Payment id', 'Status', 'Registered'],
        empty: 'No registrations match these filters.',
      }}
      list={page}
      rowKey={(r) => r.id}
      row={(r) => (
        <>
          <td className={tdClass}>
            <span className="block font-semibold">{r.eventName}</span>
            <span className="block text-parchment/80">
              {r.categoryName} · {r.optionName}
            </span>
          </td>
          <td className={tdClass}>{r.teamName ?? '—'}</td>
          <td className={tdClass}>
            <ul className="space-y-1">
              {r.members.map((m) => (
                <li key={m.email}>
                  <span className="font-semibold">{m.name}</span>
                  {m.isLeader ? ' (leader)' : ''}
                  <span className="block break-all text-parchment/80">
                    <a href={`mailto:${m.email}`} className="underline">
                      {m.email}
                    </a>{' '}
                    · {m.phone} · {m.college}
                  </span>
                </li>
              ))}
              {r.departedMembers.map((m) => (
                <li key={m.email} className="text-parchment/70">
                  <span className="font-semibold line-through">{m.name}</span> left the team on{' '}
                  <time dateTime={m.leftAt.toISOString()}>{formatDateTime(m.leftAt)}</time>
                  <span className="block break-all">
                    <a href={`mailto:${m.email}`} className="underline">
                      {m.email}
                    </a>
                  </span>
                </li>
              ))}
            </ul>
            {r.belowMinimum ? (
              <p className="mt-2 font-semibold text-amber-300">
                Below the minimum team size: {r.members.length} of {r.minMembers}
              </p>
            ) : null}
          </td>
          <td className={`${tdClass} whitespace-nowrap`}>
            {r.amountPaise > 0 ? formatFigure({ paise: r.amountPaise }) : 'Free'}
          </td>
          <td className={`${tdClass} break-all`}>{r.paymentId ?? '—'}</td>
          <td className={tdClass}>
            <StatusText status={r.status} />
          </td>
          <DateCell date={r.createdAt} />
        </>
      )}
    />
  );
}
