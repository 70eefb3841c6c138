'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { RemindersOffer } from '@/components/notifications/reminders-offer';
import { useClientValue } from '@/components/ui/use-client-value';
import { purchaseLines, purchaseRecordKey, readPurchaseRecord, type PurchaseRecord } from './purchase-record';

/** SPEC.md part 9: the result pages count down from 5 seconds, then go home. */
export const redirectSeconds = 5;

const copy = {
  success: {
    title: 'Payment Success',
    text: 'Thank you! Your payment went through.',
    listLabel: 'What you paid for',
    mark: '✓',
    ring: 'border-emerald-400/70 text-emerald-300',
  },
  failure: {
    title: 'Payment Failure',
    text: 'Your payment was not completed.',
    listLabel: 'What was not paid for',
    mark: '✕',
    ring: 'border-red-400/70 text-red-300',
  },
} as const;

export const profileHint = 'Your pass and registrations are on your profile';

const primaryLink =
  'inline-flex min-h-12 w-full items-center justify-center rounded-full bg-gold px-6 py-3 font-display tracking-wide text-ink transition hover:bg-amber-300 sm:w-auto';
const secondaryLink =
  'inline-flex min-h-12 w-full items-center justify-center rounded-full border border-gold/60 px-6 py-3 font-display tracking-wide text-gold transition hover:bg-gold/10 sm:w-auto';

function readStoredRecord(): string | null {
  try {
    return window.sessionStorage.getItem(purchaseRecordKey);
  } catch {
    return null;
  }
}

/**
 * 'Payment Success' or 'Payment Failure' with a visible countdown, then a replace to the home page
 * (SPEC.md parts 2 and 9). Under the heading: what the purchase was for (the note the purchase flow left,
 * see purchase-record.ts) and where to go next: the profile, which holds the pass and registrations, or,
 * after a failure, the screen to try again on. Those links come before the countdown, and the countdown
 * can be stopped, so nobody is taken away while reading or reaching for them.
 */
export function PaymentResult({ outcome }: { outcome: keyof typeof copy }) {
  const router = useRouter();
  const { user } = useAuth();
  const [remaining, setRemaining] = useState(redirectSeconds);
  const [stayed, setStayed] = useState(false);
  const stored = useClientValue(readStoredRecord, null);
  const record = readPurchaseRecord(stored, user?.userId);
  const { title, text, mark, ring } = copy[outcome];
  const paid = outcome === 'success';

  useEffect(() => {
    if (stayed) return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const left = Math.max(0, redirectSeconds - Math.floor((Date.now() - startedAt) / 1000));
      setRemaining(left);
      if (left === 0) {
        window.clearInterval(timer);
        router.replace('/');
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [router, stayed]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-[radial-gradient(ellipse_at_top,_#2a1f5c_0%,_#140f2b_45%,_#0d0a1a_100%)] px-5 pb-16 pt-24 text-center">
      <span
        aria-hidden="true"
        className={`flex h-16 w-16 items-center justify-center rounded-full border-4 text-3xl sm:h-20 sm:w-20 sm:text-4xl ${ring}`}
      >
        {mark}
      </span>
      <h1 className="font-display text-3xl text-gold sm:text-4xl">{title}</h1>
      <p className="text-lg text-parchment/90">{text}</p>
      {record ? <PurchaseSummaryList record={record} outcome={outcome} /> : null}
      <nav aria-label="Where next" className="flex w-full max-w-sm flex-col items-center gap-3">
        {!paid && record ? (
          <Link href={record.retryPath} className={primaryLink}>
            Try again
          </Link>
        ) : null}
        <p className="text-parchment/90">{profileHint}</p>
        <Link href="/profile" className={paid ? primaryLink : secondaryLink}>
          Go to your profile
        </Link>
      </nav>
      {/* After an event registration: reminders of its sessions on this phone (offered once). Below the
          way on, which stays on a phone's first screen. */}
      {paid && record?.kind === 'event' ? <RemindersOffer onInteract={() => setStayed(true)} /> : null}
      <div className="flex flex-col items-center gap-2">
        <p role="timer" aria-atomic="true" className="text-parchment/85">
          {stayed ? (
            'The page stays open.'
          ) : (
            <>
              Taking you to the home page in{' '}
              <span className="inline-block min-w-[1ch] font-semibold tabular-nums text-gold">
                {remaining}
              </span>{' '}
              {remaining === 1 ? 'second' : 'seconds'}
            </>
          )}
        </p>
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2">
          {stayed ? null : (
            <button
              type="button"
              onClick={() => setStayed(true)}
              className="inline-flex min-h-11 items-center px-3 text-sm text-parchment underline underline-offset-4 hover:text-gold"
            >
              Stay on this page
            </button>
          )}
          <Link
            href="/"
            replace
            className="inline-flex min-h-11 items-center px-3 text-sm text-gold underline underline-offset-4 hover:text-parchment"
          >
            Go to Home now
          </Link>
        </div>
      </div>
    </main>
  );
}

/** What the purchase was for: 'Registered for Robot Arena (Solo)', 'T-shirt, size M', 'Stay: …'. */
function PurchaseSummaryList({ record, outcome }: { record: PurchaseRecord; outcome: keyof typeof copy }) {
  const paid = outcome === 'success';
  return (
    <section
      aria-labelledby="purchase-summary"
      className="w-full max-w-sm rounded-2xl border border-gold/30 bg-night/70 px-5 py-4 text-left"
    >
      <h2 id="purchase-summary" className="font-display text-sm tracking-widest text-gold">
        {copy[outcome].listLabel}
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-parchment">
        {purchaseLines(record, paid).map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
      </ul>
      {!paid && record.kind === 'accommodation' ? (
        <p className="mt-3 text-sm text-parchment/85">
          Your dates and identity proof are kept: they are filled in when you try again.
        </p>
      ) : null}
    </section>
  );
}
