'use client';

import { useEffect, useState } from 'react';
import { reminderLeadMinutes } from '@/lib/schemas/announcement-rules';
import { fetchMyNotifications } from './notifications-api';
import { pushSupport } from './push-device';
import { PushSwitch } from './push-switch';
import { usePushDevice } from './use-push-device';

/** Remembered on the device once the card is closed: it is offered once, not after every registration. */
export const offerDismissedKey = 'notifications:offer-dismissed';

function dismissedBefore(): boolean {
  try {
    return window.localStorage.getItem(offerDismissedKey) === '1';
  } catch {
    return false;
  }
}

/**
 * "Get reminders on this phone", offered after a registration: only where pushes can work (supported,
 * the site has keys), are not on yet, and the card was not closed before. Loads nothing until then.
 * `onInteract` lets the page stop anything that would take the person away (the result page's countdown).
 */
export function RemindersOffer({ onInteract }: { onInteract?: () => void }) {
  const [pushKey, setPushKey] = useState<string | null | undefined>(undefined);
  const [offered, setOffered] = useState(false);
  const [closed, setClosed] = useState(false);
  const push = usePushDevice(pushKey);

  useEffect(() => {
    const controller = new AbortController();
    Promise.resolve()
      .then(() =>
        dismissedBefore() || pushSupport() !== 'supported' ? null : fetchMyNotifications(controller.signal),
      )
      .then(
        (settings) => setPushKey(settings ? settings.pushKey : null),
        () => setPushKey(null),
      );
    return () => controller.abort();
  }, []);

  // Decided once, on the first check: a card that was offered stays to say "on" after the button.
  useEffect(() => {
    if (push.state === 'off') Promise.resolve().then(() => setOffered(true));
  }, [push.state]);

  if (!offered || closed) return null;

  function close() {
    try {
      window.localStorage.setItem(offerDismissedKey, '1');
    } catch {
      // Storage unavailable: the card may come back next time.
    }
    setClosed(true);
  }

  return (
    <aside
      aria-labelledby="reminders-offer"
      className="w-full max-w-sm rounded-2xl border border-gold/40 bg-night/80 px-5 py-4 text-left"
      onClickCapture={onInteract}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="reminders-offer" className="font-display text-lg text-gold">
          Get reminders on this phone
        </h2>
        <button
          type="button"
          onClick={close}
          aria-label="Close: no reminders offer again"
          className="-mr-2 -mt-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-xl text-parchment/80 hover:text-gold"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="mt-1 text-sm text-parchment/85">
        A notification {reminderLeadMinutes} minutes before each of your sessions, and the organisers&apos;
        announcements.
      </p>
      <div className="mt-3">
        <PushSwitch {...push} />
      </div>
    </aside>
  );
}
