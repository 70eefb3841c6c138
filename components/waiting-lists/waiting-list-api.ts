import { api } from '@/lib/api-client';
import type { MyWaitingEntry, WaitingKind } from '@/lib/schemas/waiting-lists';

/** The participant's waiting-list calls (docs/waiting-lists.md), typed for the screens. */

export interface JoinedEntry {
  id: string;
  kind: WaitingKind;
  itemId: number;
  status: 'waiting' | 'offered';
  position: number | null;
}

/** Joins a full item's list; a team option sends the team as for registering (leader first). */
export function joinWaitingList(
  kind: WaitingKind,
  itemId: number,
  team?: { emails: string[]; teamName: string | null },
) {
  return api.post<JoinedEntry>('/api/waiting-lists', {
    kind,
    itemId,
    ...(team ? { emails: team.emails, teamName: team.teamName } : {}),
  });
}

/** The caller's live entries (waiting or offered), in order of joining. */
export function fetchMyWaitingLists(signal?: AbortSignal) {
  return api.get<MyWaitingEntry[]>('/api/waiting-lists', { signal });
}

export function leaveWaitingList(entryId: string) {
  return api.delete<unknown>(`/api/waiting-lists/${encodeURIComponent(entryId)}`);
}

/** The offer named by an offer link's `?offer=`, when it is the caller's and still stands. */
export async function findMyOffer(offerId: string, signal?: AbortSignal): Promise<MyWaitingEntry | null> {
  const answer = await fetchMyWaitingLists(signal);
  return answer.data.find((entry) => entry.id === offerId && entry.status === 'offered') ?? null;
}
