import Link from 'next/link';
import { ListTable, rowClass, tdClass } from '@/components/admin/operations/list-chrome';
import type { WaitingListItem } from '@/lib/schemas/waiting-lists';
import { kindLabels, limitNames, waitingListPath } from './paths';

/** The limit, what is taken of it and what is held now: "1 of 1 registered, 1 held". */
export function figuresText(item: WaitingListItem): string {
  const { taken } = limitNames[item.kind];
  if (item.limit === null) return `No limit; ${item.taken} ${taken.toLowerCase()}`;
  return `${item.taken} ${taken.toLowerCase()} of ${item.limit}${item.held > 0 ? `, ${item.held} held now` : ''}`;
}

/** Every item someone waits for, each leading to its list. */
export function WaitingListOverview({ items }: { items: WaitingListItem[] }) {
  return (
    <ListTable
      label="Items with a waiting list"
      widthClass="min-w-[40rem]"
      columns={['Item', 'Kind', 'Waiting', 'Offered', 'Taken']}
      rowCount={items.length}
      empty="Nobody is waiting for anything right now."
    >
      {items.map((item) => (
        <tr key={`${item.kind}:${item.itemId}`} className={rowClass}>
          <td className={tdClass}>
            <Link
              href={waitingListPath(item.kind, item.itemId)}
              prefetch={false}
              className="font-semibold text-gold underline underline-offset-4 hover:text-amber-300"
            >
              {item.label}
            </Link>
            {item.onSale ? null : (
              <span className="block text-parchment/80">
                {item.kind === 'participation_option' ? 'Registration closed' : 'Not on sale'}
              </span>
            )}
          </td>
          <td className={tdClass}>{kindLabels[item.kind]}</td>
          <td className={tdClass}>{item.waiting}</td>
          <td className={tdClass}>{item.offered}</td>
          <td className={tdClass}>{figuresText(item)}</td>
        </tr>
      ))}
    </ListTable>
  );
}
