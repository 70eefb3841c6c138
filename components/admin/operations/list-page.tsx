import type { ReactNode } from 'react';
import { FilterForm, type FilterField } from './filter-form';
import { FilterProblem, ListHeader, ListTable, Pagination, ResultCount, rowClass } from './list-chrome';

/** One page of a filtered list, as the list services answer it. */
export interface ListPageOf<T> {
  items: readonly T[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The whole of an operations list page (registrations, T-shirt orders, bookings, payments): the heading
 * with the CSV export, the filters, a count, one page of rows in a table, and paging. Every list is laid
 * out alike, so a page gives only what is its own: its filter fields, its columns and its row's cells.
 */
export function OperationsListPage<T>({
  name,
  title,
  intro,
  filter,
  problem,
  filterLabel,
  fields,
  children,
  noun,
  table,
  list,
  rowKey,
  row,
}: {
  /** The list's address under /admin, which is also the name of its CSV export. */
  name: string;
  title: string;
  intro: string;
  filter: Record<string, unknown>;
  /** Why the address's filters were reset, when they did not parse. */
  problem: string | null;
  filterLabel: string;
  fields: FilterField[];
  /** What the page shows between its filters and its rows (the T-shirt orders' units per size). */
  children?: ReactNode;
  /** The count's noun, singular and plural. */
  noun: [string, string];
  table: { label: string; widthClass: string; columns: ReactNode[]; empty: string };
  list: ListPageOf<T>;
  rowKey: (item: T) => string | number;
  /** A row's cells. */
  row: (item: T) => ReactNode;
}) {
  const path = `/admin/${name}`;
  return (
    <main>
      <ListHeader title={title} intro={intro} exportName={name} filter={filter} />
      <FilterProblem message={problem} />
      <FilterForm label={filterLabel} action={path} fields={fields} />
      {children}
      <ResultCount total={list.total} noun={noun} />
      <ListTable {...table} rowCount={list.items.length}>
        {list.items.map((item) => (
          <tr key={rowKey(item)} className={rowClass}>
            {row(item)}
          </tr>
        ))}
      </ListTable>
      <Pagination path={path} filter={filter} page={list.page} pageCount={list.pageCount} />
    </main>
  );
}
