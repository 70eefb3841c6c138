import Link from 'next/link';
import { inputClass, labelClass } from '@/components/forms/field-classes';
import { channelLabels, stateLabels, type DeliveryState } from './announcement-text';

export interface DeliveryLogEntry {
  name: string;
  email: string;
  channel: 'push' | 'mail';
  state: DeliveryState;
  reason: string | null;
  devices: number;
}

export interface DeliveryLogFilter {
  channel?: 'push' | 'mail';
  state?: DeliveryState;
  page: number;
}

/** The log's address for a filter and page, leaving out what is not set. */
function logHref(basePath: string, filter: DeliveryLogFilter): string {
  const query = new URLSearchParams();
  if (filter.channel) query.set('channel', filter.channel);
  if (filter.state) query.set('state', filter.state);
  if (filter.page > 1) query.set('page', String(filter.page));
  const text = query.toString();
  return `${basePath}${text ? `?${text}` : ''}#log-heading`;
}

const pageLinkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-parchment/30 px-3 text-sm text-parchment hover:bg-white/10';

/**
 * The delivery log, person by person and channel by channel, filtered by channel and state through the
 * address (a plain GET form, so a filtered log can be shared and reloaded), a page of `pageSize` at a time.
 */
export function DeliveryLog({
  basePath,
  rows,
  total,
  pageSize,
  filter,
}: {
  basePath: string;
  rows: readonly DeliveryLogEntry[];
  total: number;
  pageSize: number;
  filter: DeliveryLogFilter;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (filter.page - 1) * pageSize + 1;
  const last = Math.min(total, filter.page * pageSize);
  return (
    <>
      <form method="get" action={`${basePath}#log-heading`} className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="log-channel" className={labelClass}>
            Channel
          </label>
          <select id="log-channel" name="channel" defaultValue={filter.channel ?? ''} className={inputClass}>
            <option value="" className="bg-night">
              Push and mail
            </option>
            <option value="push" className="bg-night">
              Push
            </option>
            <option value="mail" className="bg-night">
              Mail
            </option>
          </select>
        </div>
        <div>
          <label htmlFor="log-state" className={labelClass}>
            State
          </label>
          <select id="log-state" name="state" defaultValue={filter.state ?? ''} className={inputClass}>
            <option value="" className="bg-night">
              Every state
            </option>
            {Object.entries(stateLabels).map(([value, label]) => (
              <option key={value} value={value} className="bg-night">
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="min-h-12 rounded-full bg-gold px-5 font-semibold text-ink">
          Filter
        </button>
      </form>

      {total === 0 ? (
        <p className="mt-4 text-parchment/85">
          No one in the log{filter.channel || filter.state ? ' with this filter' : ''}.
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-parchment/85">
            {first}–{last} of {total.toLocaleString('en-IN')}
          </p>
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Delivery log table">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Delivery log</caption>
              <thead>
                <tr className="border-b border-white/20 text-gold">
                  <th scope="col" className="py-2 pr-3">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Channel
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    State
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Reason
                  </th>
                  <th scope="col" className="py-2">
                    Devices
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.email}:${row.channel}`} className="border-b border-white/10 align-top">
                    <td className="py-2 pr-3">{row.name}</td>
                    <td className="break-all py-2 pr-3">{row.email}</td>
                    <td className="py-2 pr-3">{channelLabels[row.channel]}</td>
                    <td className={`py-2 pr-3 ${row.state === 'failed' ? 'text-red-300' : ''}`}>
                      {stateLabels[row.state]}
                    </td>
                    <td className="py-2 pr-3">{row.reason ?? '—'}</td>
                    <td className="py-2">{row.channel === 'push' ? row.devices : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Delivery log pages" className="mt-3 flex flex-wrap items-center gap-3">
              {filter.page > 1 ? (
                <Link
                  href={logHref(basePath, { ...filter, page: filter.page - 1 })}
                  prefetch={false}
                  className={pageLinkClass}
                >
                  Previous page
                </Link>
              ) : null}
              <span className="text-sm">
                Page {filter.page} of {pages}
              </span>
              {filter.page < pages ? (
                <Link
                  href={logHref(basePath, { ...filter, page: filter.page + 1 })}
                  prefetch={false}
                  className={pageLinkClass}
                >
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}
