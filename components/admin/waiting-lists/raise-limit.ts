import { api, ApiError } from '@/lib/api-client';
import type { AdminEvent } from '@/lib/schemas/admin-events';
import type { AdminWaitingList, WaitingListItem } from '@/lib/schemas/waiting-lists';

/*
 * Raising an item's limit through the console's own write for its kind, which makes the offers in the
 * same transaction (docs/waiting-lists.md): an option's place limit through its event, a size's stock, a
 * stay's capacity. The writes are the ones the events, merchandise and accommodation consoles use, so the
 * audit log and every check (a stock never below what is sold and held) are theirs.
 */
export async function raiseLimit(item: WaitingListItem, limit: number): Promise<void> {
  if (item.kind === 'merchandise_variant') {
    await api.patch(`/api/admin/merchandise-variant/${item.itemId}`, { stock: limit });
    return;
  }
  if (item.kind === 'accommodation_option') {
    await api.patch(`/api/admin/accommodation-option/${item.itemId}`, { capacity: limit });
    return;
  }
  if (item.eventId === null) throw new ApiError(0, 'This option has no event.');
  // The event's change takes the whole list of options (those left out are removed), so it goes back as it
  // is now, read just before; only this option's limit is sent (the others omit theirs: kept).
  const { data: event } = await api.get<AdminEvent>(`/api/admin/event/${item.eventId}`);
  await api.patch(`/api/admin/event/${item.eventId}`, {
    participations: event.participations.map((o) => ({
      id: o.id,
      participationName: o.participationName,
      price: o.price,
      minRange: o.minRange,
      maxRange: o.maxRange,
      ...(o.id === item.itemId ? { placeLimit: limit } : {}),
    })),
  });
}

/** The server's message for the limit's field ("participations.0.placeLimit", "stock", "capacity"), if any. */
export function limitFieldError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.fieldErrors) return undefined;
  const key = Object.keys(error.fieldErrors).find((k) => /(^|\.)(placeLimit|stock|capacity)$/.test(k));
  return key ? error.fieldErrors[key] : undefined;
}

export function fetchWaitingList(item: Pick<WaitingListItem, 'kind' | 'itemId'>) {
  return api.get<AdminWaitingList>(`/api/admin/waiting-lists?kind=${item.kind}&itemId=${item.itemId}`);
}
