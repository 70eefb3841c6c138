'use client';

import { useCallback, useEffect, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider';
import { messageOf } from '@/lib/api-client';
import type { Profile } from '@/lib/schemas/auth';
import type { AccommodationType } from '@/lib/schemas/shop';
import { fetchAccommodation, fetchProfile } from './accommodation-api';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/**
 * What the accommodation screen needs, loaded together: the profile (whether a stay is already paid, and
 * the checkout prefill) and the accommodation types with their date options.
 */
export function useAccommodationData(userId: string) {
  const { toast } = useToast();
  const [profile, setProfile] = useState<Load<Profile>>({ status: 'loading' });
  const [types, setTypes] = useState<Load<AccommodationType[]>>({ status: 'loading' });

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

  useEffect(() => {
    const controller = new AbortController();
    void loadProfile(controller.signal);
    void loadTypes(controller.signal);
    return () => controller.abort();
  }, [loadProfile, loadTypes]);

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
