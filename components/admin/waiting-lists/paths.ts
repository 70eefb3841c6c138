import type { WaitingKind, WaitingListItem } from '@/lib/schemas/waiting-lists';

/** The console page of one item's waiting list. */
export function waitingListPath(kind: WaitingKind, itemId: number): string {
  return `/admin/waiting-lists/${kind}/${itemId}`;
}

/** The list's CSV download (the guard cookie authenticates the GET, as the other console exports). */
export function waitingListCsvPath(kind: WaitingKind, itemId: number): string {
  return `/api/admin/export/waiting-list.csv?kind=${kind}&itemId=${itemId}`;
}

/** What each kind of item is called in the console. */
export const kindLabels: Record<WaitingKind, string> = {
  participation_option: 'Event option',
  merchandise_variant: 'T-shirt size',
  accommodation_option: 'Stay',
};

/** What an item's limit is called: the word for its raise field and its figures. */
export const limitNames: Record<WaitingKind, { limit: string; taken: string }> = {
  participation_option: { limit: 'Place limit', taken: 'Registered' },
  merchandise_variant: { limit: 'Stock', taken: 'Sold' },
  accommodation_option: { limit: 'Capacity', taken: 'Booked' },
};

/** "2 waiting, 1 offered". */
export function liveSummary(counts: Pick<WaitingListItem, 'waiting' | 'offered'>): string {
  return counts.offered > 0
    ? `${counts.waiting} waiting, ${counts.offered} offered`
    : `${counts.waiting} waiting`;
}
