'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SubmitButton } from '@/components/forms/submit-button';
import { submitOnce } from '@/components/forms/submit-once';
import { TextField } from '@/components/forms/text-field';
import { api, messageOf } from '@/lib/api-client';
import { festival } from '@/lib/festival';
import { checkInSchema, type CheckInResult } from '@/lib/schemas/passes';
import { bringIntoView } from './bring-into-view';
import { QrCameraView } from './qr-camera-view';
import { useQrCamera } from './use-qr-camera';

type Outcome =
  | { kind: 'checked_in' | 'already_checked_in'; message: string; result: CheckInResult }
  | { kind: 'refused'; message: string };

type CodeValues = z.input<typeof checkInSchema>;
type CodeOutput = z.output<typeof checkInSchema>;

function timeInIndia(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-IN', {
    timeZone: festival.timeZone,
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * The gate: scan a pass with the phone's camera or type its code, and see at once whether to let the
 * person in. Typing always works, whatever happens to the camera.
 */
export function CheckInConsole() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busyRef = useRef(false);
  const resultRef = useRef<HTMLElement>(null);

  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues, unknown, CodeOutput>({ resolver: zodResolver(checkInSchema) });

  const checkIn = useCallback(async (code: string): Promise<boolean> => {
    busyRef.current = true;
    try {
      const answer = await api.post<CheckInResult>('/api/admin/check-in', { code });
      setOutcome({ kind: answer.data.status, message: answer.message, result: answer.data });
      return true;
    } catch (error) {
      setOutcome({ kind: 'refused', message: messageOf(error, 'The check-in failed. Please try again.') });
      return false;
    } finally {
      busyRef.current = false;
    }
  }, []);

  const qrCamera = useQrCamera(checkIn, busyRef);

  async function submitTyped(values: CodeOutput) {
    const accepted = await checkIn(values.code);
    // A refused code stays in the field so a typo can be fixed; an accepted one clears it for the next person.
    if (accepted) reset({ code: '' });
    setFocus('code');
  }

  // Each answer (a new object, also when the same pass is scanned twice) is brought on screen: on a phone
  // the organiser may have scrolled down to the camera or the code field. Screen readers hear it from the
  // live region, so focus stays where the next pass is scanned or typed.
  useEffect(() => {
    if (outcome && resultRef.current) bringIntoView(resultRef.current);
  }, [outcome]);

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      {/*
        The answer comes first: on a phone it shows above the camera and the code field, where the organiser
        looks, not below them off screen. A wide screen has it on the right, beside them, kept in sight.
        scroll-mt-20 keeps it clear of the fixed site header when it is scrolled to.
      */}
      <section
        ref={resultRef}
        aria-labelledby="result-heading"
        className="scroll-mt-20 lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1 lg:self-start"
      >
        <h2 id="result-heading" className="sr-only">
          Result
        </h2>
        <div role="status" aria-live="polite" aria-atomic="true">
          {outcome ? <ResultPanel outcome={outcome} /> : <Waiting />}
        </div>
      </section>

      <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <section aria-labelledby="scan-heading" className={cardClass}>
          <h2 id="scan-heading" className={headingClass}>
            Scan a pass
          </h2>
          <QrCameraView camera={qrCamera} />
        </section>

        <section aria-labelledby="type-heading" className={cardClass}>
          <h2 id="type-heading" className={headingClass}>
            Type a code
          </h2>
          <form
            noValidate
            onSubmit={(event) => submitOnce(isSubmitting, handleSubmit(submitTyped))(event)}
            className="mt-4 flex flex-col gap-4"
          >
            <TextField
              label="Pass code"
              hint="The code printed under the QR code; dashes, spaces and case do not matter."
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={errors.code?.message}
              {...register('code')}
            />
            <SubmitButton pending={isSubmitting}>Check in</SubmitButton>
          </form>
        </section>
      </div>
    </div>
  );
}

function Waiting() {
  return (
    <div className="rounded-2xl border border-dashed border-parchment/30 p-4 text-center text-parchment/80 sm:p-6">
      Ready: scan a pass or type its code.
    </div>
  );
}

const tone = {
  checked_in: {
    box: 'border-emerald-400 bg-emerald-950 text-emerald-50',
    title: 'Checked in',
    symbol: '✓',
  },
  already_checked_in: {
    box: 'border-amber-400 bg-amber-950 text-amber-50',
    title: 'Already used',
    symbol: '!',
  },
  refused: { box: 'border-red-400 bg-red-950 text-red-50', title: 'Refused', symbol: '✕' },
} as const;

function ResultPanel({ outcome }: { outcome: Outcome }) {
  const look = tone[outcome.kind];
  return (
    <div className={`rounded-2xl border-4 p-4 sm:p-6 ${look.box}`} data-testid="check-in-result">
      <p className="flex items-center gap-3 font-display text-3xl sm:text-4xl">
        <span aria-hidden="true" className="text-4xl sm:text-5xl">
          {look.symbol}
        </span>
        {look.title}
      </p>
      {outcome.kind === 'refused' ? (
        <p className="mt-4 text-xl">{outcome.message}</p>
      ) : (
        <PersonDetails outcome={outcome} />
      )}
    </div>
  );
}

function PersonDetails({
  outcome,
}: {
  outcome: { kind: 'checked_in' | 'already_checked_in'; message: string; result: CheckInResult };
}) {
  const { result } = outcome;
  return (
    <>
      {outcome.kind === 'already_checked_in' ? (
        <p className="mt-3 text-xl font-semibold">
          Used today at {timeInIndia(result.checkedInAt)}
          {result.checkedInBy ? ` by ${result.checkedInBy.name} (${result.checkedInBy.email})` : ''}.
        </p>
      ) : null}
      <p className="mt-4 break-words font-display text-2xl">{result.name}</p>
      <p className="text-lg">{result.college}</p>
      <dl className="mt-4 grid gap-2 text-base">
        <div>
          <dt className="font-semibold">Events</dt>
          <dd>
            {result.events.length > 0
              ? result.events.map((e) => e.eventName + (e.teamName ? ` (team ${e.teamName})` : '')).join(', ')
              : 'None'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Accommodation</dt>
          <dd>
            {result.accommodation
              ? `${result.accommodation.type}, ${result.accommodation.startDate} to ${result.accommodation.endDate}`
              : 'None'}
          </dd>
        </div>
      </dl>
    </>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 sm:p-6';
const headingClass = 'font-display text-xl text-gold';
