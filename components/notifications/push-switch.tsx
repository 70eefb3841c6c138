'use client';

import type { PushState } from './use-push-device';

const primaryButton =
  'inline-flex min-h-12 w-full items-center justify-center rounded-full bg-gold px-6 py-2 font-display tracking-wide text-ink transition hover:bg-amber-300 disabled:cursor-wait disabled:opacity-70 sm:w-auto';
const secondaryButton =
  'inline-flex min-h-12 w-full items-center justify-center rounded-full border border-gold/60 px-6 py-2 font-display tracking-wide text-gold transition hover:bg-gold/10 disabled:cursor-wait disabled:opacity-70 sm:w-auto';

/** What each state means to the person, in a sentence. */
export const pushStateText: Record<PushState, string> = {
  checking: 'Checking this phone…',
  on: 'Notifications are on for this phone.',
  off: 'Notifications are off for this phone.',
  blocked:
    'Your browser blocks notifications from this site. To allow them, open the site settings (the icon ' +
    'beside the address, or Settings, then Site settings, then Notifications), allow notifications for ' +
    'this site, and reload this page.',
  unsupported: 'This browser cannot show notifications from websites. You can get your reminders by mail.',
  'needs-install':
    'On an iPhone or iPad, notifications work once the site is on your home screen: tap Share, then Add ' +
    'to Home Screen, and open the site from there.',
  unavailable:
    'Notifications on the phone are not available on this site. You can get your reminders by mail.',
};

/**
 * This device's pushes: the state in words (announced when it changes), what went wrong if anything did,
 * and the one button the state allows,
 * "Turn on notifications on this phone" or "Turn off on this phone".
 */
export function PushSwitch({
  state,
  busy,
  said,
  turnOn,
  turnOff,
}: {
  state: PushState;
  busy: boolean;
  said: string;
  turnOn: () => void;
  turnOff: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      {/* The state itself is announced when it changes; `said` adds only what went wrong. */}
      <p data-testid="push-state" role="status" aria-live="polite" className="text-parchment/90">
        {pushStateText[state]}
      </p>
      {state === 'off' ? (
        <button
          type="button"
          onClick={turnOn}
          disabled={busy}
          aria-busy={busy || undefined}
          className={primaryButton}
        >
          Turn on notifications on this phone
        </button>
      ) : null}
      {state === 'checking' ? (
        // The room of the button that most phones end up with ("Turn on", "Turn off"), so the section does
        // not move when the browser's answer comes after the page has been drawn.
        <span aria-hidden="true" className="block min-h-12" />
      ) : null}
      {state === 'on' ? (
        <button
          type="button"
          onClick={turnOff}
          disabled={busy}
          aria-busy={busy || undefined}
          className={secondaryButton}
        >
          Turn off on this phone
        </button>
      ) : null}
      <p aria-live="polite" className="text-sm text-parchment/80 empty:hidden">
        {said}
      </p>
    </div>
  );
}
