import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { filterQuery } from '@/lib/schemas/admin-operations';
import { formatCount } from './figures';

/**
 * The heading block of an operations list: title, what it is for, and the CSV export
 * (/api/admin/export/{exportName}.csv) of what the filters show, from its first row.
 */
export function ListHeader({
  title,
  intro,
  exportName,
  filter,
}: {
  title: string;
  intro: string;
  exportName: string;
  filter: Record<string, unknown>;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="max-w-prose">
        <h1 className="font-display text-3xl text-gold">{title}</h1>
        <p className="mt-2 text-parchment">{intro}</p>
      </div>
      {/* A plain link: the httpOnly cookie authenticates the download, and the browser streams it to disk. */}
      <a
        href={`/api/admin/export/${exportName}.csv${filterQuery({ ...filter, page: 1 })}`}
        download
        className="inline-flex min-h-12 items-center rounded-full border border-gold px-5 font-display tracking-wide text-gold hover:bg-gold hover:text-ink print:hidden"
      >
        Export CSV
      </a>
    </div>
  );
}

/** The problem with the address's filters, shown instead of silently ignoring them. */
export function FilterProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 rounded border border-red-400/60 p-3 text-red-200">
      {message} The filters were reset.
    </p>
  );
}

export function ResultCount({ total, noun }: { total: number; noun: [string, string] }) {
  return (
    <p className="mt-4 text-parchment" aria-live="polite">
      {formatCount(total)} {total === 1 ? noun[0] : noun[1]}
    </p>
  );
}

/**
 * A table that scrolls sideways on a phone, reachable and named for keyboard and screen-reader users.
 * Every console table sits in one. `relative` makes the scroller the containing block of its absolutely
 * positioned descendants: the screen-reader-only texts in the cells (`sr-only` is position: absolute)
 * otherwise escape the scroller and widen the whole page to the table's width, pushing the site menu
 * button and the toasts off a phone's screen. `max-w-full` keeps the scroller itself within its column.
 */
export function ScrollTable({
  label,
  className = 'mt-3',
  children,
}: {
  label: string;
  /** Its spacing from what comes before. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative max-w-full overflow-x-auto rounded-lg border border-white/10 ${className}`}
    >
      {children}
    </div>
  );
}

const thClass = 'whitespace-nowrap px-3 py-2 text-left font-display text-sm tracking-wide text-gold';
export const tdClass = 'px-3 py-2 align-top text-sm text-parchment';
export const rowClass = 'border-b border-white/5';

/**
 * The rows of an operations list under their column headings, or `empty` when none match the filters.
 * `widthClass` is the table's least width (a Tailwind class), past which a phone scrolls it sideways.
 */
export function ListTable({
  label,
  widthClass,
  columns,
  rowCount,
  empty,
  children,
}: {
  label: string;
  widthClass: string;
  columns: ReactNode[];
  rowCount: number;
  empty: string;
  children: ReactNode;
}) {
  if (rowCount === 0) return <p className="mt-3 text-parchment/80">{empty}</p>;
  return (
    <ScrollTable label={label}>
      <table className={`w-full ${widthClass} border-collapse`}>
        <thead>
          <tr className="border-b border-white/10">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={thClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollTable>
  );
}

/** A cell with the moment a row was made, in festival time. */
export function DateCell({ date }: { date: Date }) {
  return (
    <td className={`${tdClass} whitespace-nowrap`}>
      <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>
    </td>
  );
}

/** Previous and next pages, keeping the filters. */
export function Pagination({
  path,
  filter,
  page,
  pageCount,
}: {
  path: string;
  filter: Record<string, unknown>;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const link = 'inline-flex min-h-12 items-center rounded px-4 text-gold underline';
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3 print:hidden">
      {page > 1 ? (
        <Link href={`${path}${filterQuery(filter, { page: page - 1 })}`} prefetch={false} className={link}>
          Previous page
        </Link>
      ) : null}
      <span className="text-parchment">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link href={`${path}${filterQuery(filter, { page: page + 1 })}`} prefetch={false} className={link}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

export function StatusText({ status }: { status: string }) {
  const tone =
    status === 'confirmed' || status === 'fulfilled'
      ? 'text-emerald-300'
      : status === 'cancelled' || status === 'refunded' || status === 'failed'
        ? 'text-red-300'
        : 'text-parchment';
  return <span className={`font-semibold ${tone}`}>{status}</span>;
}
