'use client';

import { useCallback, useEffect, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { messageOf } from '@/lib/api-client';
import type { Profile } from '@/lib/schemas/auth';
import type { AccommodationType } from '@/lib/schemas/shop-rules';
import { fetchAccommodation, fetchProfile } from './accommodation-api';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/** The screen's data as the server read it for the page; either is null when it could not. */
export interface AccommodationData {
  profile: Profile | null;
  types: AccommodationType[] | null;
}

const loaded = <T>(value: T | null): Load<T> =>
  value === null ? { status: 'loading' } : { status: 'ready', value };

/**
 * What the accommodation screen needs: the profile (whether a stay is already paid, and the checkout
 * prefill) and the accommodation types with their date options. What the server read for the page is shown
 * at once; what it could not read is loaded here.
 */
export function useAccommodationData(userId: string, fromServer: AccommodationData) {
  const { toast } = useToast();
  const [profile, setProfile] = useState<Load<Profile>>(() => loaded(fromServer.profile));
  const [types, setTypes] = useState<Load<AccommodationType[]>>(() => loaded(fromServer.types));

  // Both settle in the promise's callbacks, so the effect below never sets state synchronously.
  const loadProfile = useCallback(
    (signal?: AbortSignal) =>
      fetchProfile(userId, signal).then(
        ({ data }) => setProfile({ status: 'ready', value: data }),
        () => {
          if (signal?.aborted) return;
          toast({ title: 'Failed to fetch profile data', variant: 'error' });
          setProfile({ status: 'failed' });
        },
      ),
    [userId, toast],
  );

  const loadTypes = useCallback(
    (signal?: AbortSignal) =>
      fetchAccommodation(signal).then(
        ({ data }) => setTypes({ status: 'ready', value: data }),
        (error: unknown) => {
          if (signal?.aborted) return;
          toast({ title: messageOf(error, 'Something went wrong'), variant: 'error' });
          setTypes({ status: 'failed' });
        },
      ),
    [toast],
  );

  const profileUnread = fromServer.profile === null;
  const typesUnread = fromServer.types === null;
  useEffect(() => {
    const controller = new AbortController();
    if (profileUnread) void loadProfile(controller.signal);
    if (typesUnread) void loadTypes(controller.signal);
    return () => controller.abort();
  }, [profileUnread, typesUnread, loadProfile, loadTypes]);

  const retryTypes = useCallback(() => {
    setTypes({ status: 'loading' });
    void loadTypes();
  }, [loadTypes]);

  /** After the server refused a booking: availability (and perhaps the paid flag) may have changed. */
  const refresh = useCallback(() => {
    void loadProfile();
    void loadTypes();
  }, [loadProfile, loadTypes]);

  return { profile, types, retryTypes, refresh };
}
