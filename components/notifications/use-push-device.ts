'use client';

import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '@/lib/api-client';
import {
  confirmPushes,
  notificationPermission,
  PermissionRefused,
  pushSupport,
  turnOffPushes,
  turnOnPushes,
} from './push-device';

/**
 * Where this device stands: still checking; pushes on or off; blocked by the browser; impossible in this
 * browser; possible once the site is on the home screen (iOS); or not offered by this site (no keys).
 */
export type PushState =
  'checking' | 'on' | 'off' | 'blocked' | 'unsupported' | 'needs-install' | 'unavailable';

/** What a state is to the browser alone, before asking the server or the worker. */
function localState(pushKey: string | null): PushState | null {
  if (pushKey === null) return 'unavailable';
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (notificationPermission() === 'denied') return 'blocked';
  return null;
}

/**
 * This device's push subscription as a small state machine, shared by the profile's section and the card
 * after a registration. `pushKey` undefined: the site's settings are still loading. `said` is what went
 * wrong with the last change, if anything did, for an aria-live region. `onChanged` runs after each successful change (the profile
 * reads its list of devices again).
 */
export function usePushDevice(pushKey: string | null | undefined, onChanged?: () => void) {
  // Without the site's keys nothing is left to check: said in the first render, the page's document too.
  const [state, setState] = useState<PushState>(() => (pushKey === null ? 'unavailable' : 'checking'));
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (pushKey === undefined) return;
    let cancelled = false;
    // Settled in a promise's callback, so this effect never sets state synchronously.
    Promise.resolve()
      .then(async () => localState(pushKey) ?? ((await confirmPushes(pushKey!)) ? 'on' : 'off'))
      .catch((): PushState => 'off')
      .then((next) => {
        if (!cancelled) setState(next);
      });
    return () => {
      cancelled = true;
    };
  }, [pushKey]);

  const turnOn = useCallback(async () => {
    if (!pushKey) return;
    setBusy(true);
    setSaid('');
    try {
      await turnOnPushes(pushKey);
      setState('on');
      onChanged?.();
    } catch (error) {
      if (error instanceof PermissionRefused) {
        setState(error.permission === 'denied' ? 'blocked' : 'off');
        setSaid(
          error.permission === 'denied' ? 'Notifications are blocked.' : 'Notifications were not allowed.',
        );
      } else {
        setSaid(messageOf(error, 'Notifications could not be turned on. Please try again.'));
      }
    } finally {
      setBusy(false);
    }
  }, [pushKey, onChanged]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setSaid('');
    try {
      await turnOffPushes();
      setState('off');
      onChanged?.();
    } catch (error) {
      setSaid(messageOf(error, 'Notifications could not be turned off. Please try again.'));
    } finally {
      setBusy(false);
    }
  }, [onChanged]);

  return { state, busy, said, turnOn, turnOff };
}
