'use client';

import { useState, type FormEvent } from 'react';
import { ListTable, rowClass, tdClass } from '@/components/admin/operations/list-chrome';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { AdminWaitingList, ListedEntry, WaitingListItem } from '@/lib/schemas/waiting-lists';
import { limitNames, waitingListCsvPath } from './paths';
import { fetchWaitingList, limitFieldError, raiseLimit } from './raise-limit';

const h2Class = 'font-display text-2xl text-gold';
const sectionClass = 'mt-8 rounded-lg border border-white/10 p-4';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * One item's waiting list in the console: its figures, the entries in order of joining, the CSV download
 * and "Raise the limit". Raising calls the kind's own console write, which makes the offers in the same
 * transaction; the list is then read again, so the new offers show at once with their expiry.
 */
export function WaitingListDetail({ initial }: { initial: AdminWaitingList }) {
  const [list, setList] = useState(initial);
  const { item } = list;
  return (
    <>
      <ItemFigures item={item} />
      <p className="mt-4">
        {/* A plain link: the httpOnly guard cookie authenticates the download, as the other exports. */}
        <a
          href={waitingListCsvPath(item.kind, item.itemId)}
          download
          className="inline-flex min-h-12 items-center rounded-full border border-gold px-5 font-display tracking-wide text-gold hover:bg-gold hover:text-ink"
        >
          Download CSV
        </a>
      </p>
      <RaiseLimit list={list} onRaised={setList} />
      <section aria-labelledby="entries-heading" className={sectionClass}>
        <h2 id="entries-heading" className={h2Class}>
          The list
        </h2>
        <p className="mt-2 max-w-prose text-sm text-parchment/90">
          Everyone who ever joined, in order of joining. Position counts the people waiting (1 is offered
          next); times are India time.
        </p>
        <Entries entries={list.entries} />
      </section>
    </>
  );
}

function ItemFigures({ item }: { item: WaitingListItem }) {
  const names = limitNames[item.kind];
  const figures: [string, string][] = [
    [names.limit, item.limit === null ? 'No limit' : String(item.limit)],
    [names.taken, String(item.taken)],
    ['Held now', String(item.held)],
    ['Waiting', String(item.waiting)],
    ['Offered', String(item.offered)],
  ];
  return (
    <>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        {figures.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="text-parchment/85">{label}</dt>
            <dd className="font-semibold text-parchment">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 max-w-prose text-sm text-parchment/85">
        Held now counts checkouts in progress and standing offers.
        {item.onSale
          ? null
          : item.kind === 'participation_option'
            ? ' Registration for this event is closed: people cannot take an offer until it opens again.'
            : item.kind === 'merchandise_variant'
              ? ' This size is not on sale (switched off, or its product hidden): a switched-off size is offered to nobody.'
              : ' This stay is hidden from the accommodation page.'}
      </p>
    </>
  );
}

function RaiseLimit({
  list,
  onRaised,
}: {
  list: AdminWaitingList;
  onRaised: (list: AdminWaitingList) => void;
}) {
  const { item } = list;
  const names = limitNames[item.kind];
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function raise(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || item.limit === null) return;
    setError(undefined);
    setDone(null);
    const text = value.trim();
    const limit = Number(text);
    if (!/^\d+$/.test(text) || limit <= item.limit) {
      setError(`Enter a whole number above the current ${item.limit}.`);
      return;
    }
    setBusy(true);
    try {
      try {
        await raiseLimit(item, limit);
      } catch (failure) {
        setError(limitFieldError(failure) ?? messageOf(failure, 'The limit could not be raised.'));
        return;
      }
      const waitingBefore = new Set(list.entries.filter((e) => e.status === 'waiting').map((e) => e.id));
      try {
        const { data } = await fetchWaitingList(item);
        const offers = data.entries.filter((e) => e.status === 'offered' && waitingBefore.has(e.id));
        onRaised(data);
        setValue('');
        setDone(raisedText(names.limit, limit, offers, waitingBefore.size, data.item));
      } catch {
        setDone(`${names.limit} raised to ${limit}. The list could not be read again: reload the page.`);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="raise-heading" className={sectionClass}>
      <h2 id="raise-heading" className={h2Class}>
        Raise the limit
      </h2>
      {item.limit === null ? (
        <p className="mt-2 max-w-prose">
          This option has no place limit: everyone waiting is offered a place by the next run of the offers
          (within a minute).
        </p>
      ) : (
        <form
          noValidate
          onSubmit={raise}
          aria-labelledby="raise-heading"
          className="mt-3 flex flex-col gap-3"
        >
          <p className="max-w-prose text-sm text-parchment/90">
            A higher {names.limit.toLowerCase()} frees units, which go to the people waiting at once, in
            order, as offers held for the offer time (each gets a mail).
          </p>
          <TextField
            label={`New ${names.limit.toLowerCase()}`}
            type="number"
            inputMode="numeric"
            min={item.limit + 1}
            step={1}
            className="max-w-xs"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            hint={`Now ${item.limit}: ${item.taken} ${names.taken.toLowerCase()}, ${item.held} held.`}
            error={error}
          />
          <SubmitButton pending={busy} className="sm:w-auto sm:self-start">
            Raise and make offers
          </SubmitButton>
        </form>
      )}
      <p role="status" className="mt-3 font-semibold text-emerald-200">
        {done}
      </p>
    </section>
  );
}

/** "Place limit raised to 3: 2 offers made, held until 22 Nov 2026, 9:15 pm (India time)." */
function raisedText(
  limitName: string,
  limit: number,
  offers: ListedEntry[],
  waitingBefore: number,
  item: WaitingListItem,
): string {
  const head = `${limitName} raised to ${limit}`;
  if (offers.length > 0) {
    const until = offers[0]!.offerExpiresAt;
    return `${head}: ${plural(offers.length, 'offer')} made${until ? `, held until ${formatDateTime(until)} (India time)` : ''}.`;
  }
  if (waitingBefore === 0) return `${head}. Nobody was waiting, so no offers were made.`;
  if (item.kind === 'merchandise_variant' && !item.onSale) {
    return `${head}. No offers were made: the size is not on sale.`;
  }
  return `${head}. No offers were made: no unit is free yet (checkouts in progress hold them).`;
}

const statusTone: Record<ListedEntry['status'], string> = {
  waiting: 'text-parchment',
  offered: 'text-emerald-300',
  accepted: 'text-emerald-300',
  left: 'text-parchment/70',
  lapsed: 'text-red-300',
};

function Entries({ entries }: { entries: ListedEntry[] }) {
  return (
    <ListTable
      label="Waiting list entries"
      widthClass="min-w-[56rem]"
      columns={['Position', 'Status', 'Name', 'E-mail', 'Team', 'Joined at', 'Offer expires at']}
      rowCount={entries.length}
      empty="Nobody has joined this list yet."
    >
      {entries.map((entry) => (
        <tr key={entry.id} className={rowClass}>
          <td className={tdClass}>{entry.position ?? '—'}</td>
          <td className={tdClass}>
            <span className={`font-semibold ${statusTone[entry.status]}`}>{entry.status}</span>
          </td>
          <td className={tdClass}>{entry.name}</td>
          <td className={`${tdClass} break-all`}>
            <a href={`mailto:${entry.email}`} className="underline">
              {entry.email}
            </a>
          </td>
          <td className={tdClass}>
            {/* A solo entry's e-mails are the person's own: only a team's are worth a column. */}
            {entry.teamName || entry.emails.length > 1 ? (
              <>
                {entry.teamName ? <span className="block font-semibold">{entry.teamName}</span> : null}
                {entry.emails.length > 0 ? (
                  <span className="block break-all text-parchment/80">{entry.emails.join(', ')}</span>
                ) : null}
              </>
            ) : (
              '—'
            )}
          </td>
          <td className={`${tdClass} whitespace-nowrap`}>
            <time dateTime={entry.joinedAt}>{formatDateTime(entry.joinedAt)}</time>
          </td>
          <td className={`${tdClass} whitespace-nowrap`}>
            {entry.offerExpiresAt ? (
              // A past offer's expiry (accepted, left, lapsed) is dimmed: only a standing one holds a unit.
              <time
                dateTime={entry.offerExpiresAt}
                className={entry.status === 'offered' ? undefined : 'text-parchment/70'}
              >
                {formatDateTime(entry.offerExpiresAt)}
              </time>
            ) : (
              '—'
            )}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
