'use client';

import { useEffect, useState } from 'react';
import { InlineLoader } from '@/components/forms/inline-loader';
import { api, ApiError } from '@/lib/api-client';
import type { MyPass } from '@/lib/schemas/passes';
import { keepOffline, offlineScopes } from '@/components/offline/offline-pages';
import { startsFromCopy, type ServerCopy } from './from-server';
import { PassCode } from './pass-code';
import { savedPassKey } from './pass-storage';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; pass: MyPass; offline: boolean }
  | { status: 'none' }
  | { status: 'failed' };

function readSaved(userId: string): MyPass | null {
  try {
    const text = window.localStorage.getItem(savedPassKey(userId));
    if (!text) return null;
    const saved = JSON.parse(text) as MyPass;
    return typeof saved.code === 'string' && typeof saved.qrSvg === 'string' ? saved : null;
  } catch {
    return null;
  }
}

function save(userId: string, pass: MyPass | null): void {
  try {
    if (pass) window.localStorage.setItem(savedPassKey(userId), JSON.stringify(pass));
    else window.localStorage.removeItem(savedPassKey(userId));
  } catch {
    // Private mode or a full storage: the pass still shows now, just not offline later.
  }
}

function formatDay(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
  });
}

/** What the section shows for GET /api/my-pass's answer (`null`: its 404, no pass yet). */
function passShown(pass: MyPass | null, offline = false): Load {
  return pass ? { status: 'ready', pass, offline } : { status: 'none' };
}

/**
 * The profile's festival pass: QR, typed code, what it covers, and a Print button that prints it alone.
 * `initial`: the page's copy of the answer. When it is this moment's, nothing is asked for; when it is
 * old (a document kept offline, a tab restored later) or shown again (Back), it stays on screen while the
 * pass is read again, and gives way to the copy saved on the device if that read gets no answer
 * (startsFromCopy).
 */
export function FestivalPass({
  userId,
  initial,
}: {
  userId: string;
  initial?: ServerCopy<{ pass: MyPass | null }>;
}) {
  const [load, setLoad] = useState<Load>(() =>
    initial ? passShown(initial.value.pass) : { status: 'loading' },
  );
  const [firstCopy] = useState(initial);

  useEffect(() => {
    if (firstCopy && startsFromCopy(firstCopy, 'pass')) {
      // Kept for the gate as if the browser had asked for it.
      save(userId, firstCopy.value.pass);
      return;
    }
    const controller = new AbortController();
    api
      .get<MyPass>('/api/my-pass', { signal: controller.signal })
      .then((answer) => {
        save(userId, answer.data);
        setLoad({ status: 'ready', pass: answer.data, offline: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          save(userId, null);
          setLoad({ status: 'none' });
          return;
        }
        const saved = readSaved(userId) ?? firstCopy?.value.pass ?? null;
        setLoad(saved ? { status: 'ready', pass: saved, offline: true } : { status: 'failed' });
      });
    return () => controller.abort();
  }, [userId, firstCopy]);

  // Only someone with a pass gets the offline worker: nobody else's profile has anything to show at a gate.
  const shown = load.status === 'ready';
  useEffect(() => {
    if (shown) keepOffline(offlineScopes.profile);
  }, [shown]);

  if (load.status === 'loading') return <InlineLoader label="Loading your festival pass" />;
  if (load.status === 'none') {
    return (
      <section aria-labelledby="festival-pass" className={cardClass}>
        <h2 id="festival-pass" className={headingClass}>
          Festival pass
        </h2>
        <p className="mt-3 text-parchment/85">
          You will get a festival pass when you register for an event or book accommodation.
        </p>
      </section>
    );
  }
  if (load.status === 'failed') {
    return (
      <section aria-labelledby="festival-pass" className={cardClass}>
        <h2 id="festival-pass" className={headingClass}>
          Festival pass
        </h2>
        <p className="mt-3">
          We couldn&apos;t load your festival pass just now. Please try again in a moment.
        </p>
      </section>
    );
  }
  const { pass, offline } = load;
  return (
    <section aria-labelledby="festival-pass" className={cardClass} data-print-pass>
      <h2 id="festival-pass" className={headingClass}>
        Festival pass
      </h2>
      {offline ? (
        <p className="mt-2 text-sm text-amber-200 print:hidden">
          You are offline: this is the pass saved on this device.
        </p>
      ) : null}
      {pass.status !== 'valid' ? (
        <p className="mt-3 rounded-lg border border-red-400/60 bg-red-950/50 px-4 py-2 text-red-100">
          {pass.status === 'revoked'
            ? 'This pass has been withdrawn. Please contact the festival help desk.'
            : 'This pass is cancelled: you have no registration or booking left.'}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <div
          role="img"
          aria-label="QR code of your festival pass"
          className="w-52 shrink-0 rounded-lg bg-white p-2 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: pass.qrSvg }}
        />
        <div className="min-w-0 flex-1">
          <p className="font-display text-lg text-parchment">{pass.name}</p>
          <p className="text-parchment/80">{pass.college}</p>
          <p className="mt-3 font-display text-sm tracking-wide text-gold">Pass code</p>
          <PassCode code={pass.code} className="font-mono text-lg tracking-wider text-parchment" />
          {pass.events.length > 0 ? (
            <>
              <p className="mt-3 font-display text-sm tracking-wide text-gold">Events</p>
              <p className="text-parchment/90">
                {pass.events
                  .map((e) => (e.teamName ? `${e.eventName} (team ${e.teamName})` : e.eventName))
                  .join(', ')}
              </p>
            </>
          ) : null}
          {pass.accommodation ? (
            <>
              <p className="mt-3 font-display text-sm tracking-wide text-gold">Accommodation</p>
              <p className="text-parchment/90">
                {pass.accommodation.type}: {formatDay(pass.accommodation.startDate)} to{' '}
                {formatDay(pass.accommodation.endDate)}
              </p>
            </>
          ) : null}
        </div>
      </div>
      <p className="mt-4 text-sm text-parchment/80">
        Show this QR code at the gate, or give the code if it cannot be scanned. Once loaded, it stays on this
        device for when there is no signal.
      </p>
      <button
        type="button"
        onClick={() => window.print()}
        className="mt-4 min-h-12 rounded-full border border-gold px-6 py-2 font-display tracking-widest text-gold transition hover:bg-gold hover:text-ink print:hidden"
      >
        Print pass
      </button>
    </section>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8';
const headingClass = 'font-display text-xl text-gold';
