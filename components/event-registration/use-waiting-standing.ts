'use client';

import { useEffect, useMemo, useState } from 'react';
import { fetchMyWaitingLists } from '@/components/waiting-lists/waiting-list-api';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';

/**
 * Where the signed-in person stands on the waiting lists of this event's options (docs/waiting-lists.md):
 * read once with GET /api/waiting-lists. An offer link's `?offer=` is taken when it names the caller's
 * standing offer for one of these options (as findMyOffer does); an offer of theirs the page was opened
 * without the link is taken too, as the place is held for them all the same.
 */
export interface WaitingStanding {
  /** False until the caller's entries have been read (or could not be). */
  loaded: boolean;
  /** The caller's live entry per option of this event (waiting, or offered). */
  byOption: ReadonlyMap<number, MyWaitingEntry>;
  /** The offer this screen takes when its option is registered for: its place is held for the caller. */
  offer: MyWaitingEntry | null;
  /** The link named an offer that is not, or no longer, the caller's standing offer for this event. */
  offerInvalid: boolean;
}

export function useWaitingStanding(optionIds: readonly number[], offerId: string | null): WaitingStanding {
  const [entries, setEntries] = useState<MyWaitingEntry[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchMyWaitingLists(controller.signal).then(
      // An offer past its time is lapsed by the server's next round (within a minute): not taken here.
      (answer) =>
        setEntries(
          answer.data.filter(
            (e) => e.status !== 'offered' || !e.offerExpiresAt || Date.parse(e.offerExpiresAt) > Date.now(),
          ),
        ),
      () => {
        // Unreadable (offline, a hiccup): the screen works as without waiting lists; the server decides.
        if (!controller.signal.aborted) setEntries([]);
      },
    );
    return () => controller.abort();
  }, []);

  const key = optionIds.join(',');
  return useMemo(() => {
    const ids = new Set(key.split(',').map(Number));
    const mine = (entries ?? []).filter((e) => e.kind === 'participation_option' && ids.has(e.itemId));
    const byOption = new Map(mine.map((e) => [e.itemId, e]));
    const offers = mine.filter((e) => e.status === 'offered');
    const linked = offerId ? (offers.find((e) => e.id === offerId) ?? null) : null;
    return {
      loaded: entries !== null,
      byOption,
      offer: linked ?? offers[0] ?? null,
      offerInvalid: entries !== null && offerId !== null && linked === null,
    };
  }, [entries, key, offerId]);
}
