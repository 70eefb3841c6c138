'use client';

import Link from 'next/link';
import { textLinkClass } from '@/components/forms/field-classes';
import { formatDateTime } from '@/lib/format';
import type { MyWaitingEntry } from '@/lib/schemas/waiting-lists';
import type { EntryWords } from './entry-words';
import { StepHeading } from './step-heading';

const panel = 'rounded-xl border px-4 py-3';

/**
 * Above the registration steps: the place a waiting list's offer holds for the visitor and until when (in
 * India time, as the offer mail says), or why the offer link they followed no longer holds one.
 */
export function OfferNotice({ offer, invalid }: { offer: MyWaitingEntry | null; invalid: boolean }) {
  if (offer) {
    const until = offer.offerExpiresAt ? formatDateTime(offer.offerExpiresAt) : null;
    return (
      <div role="status" className={`${panel} mb-6 border-emerald-400/60 bg-emerald-950/40 text-emerald-50`}>
        <p className="font-semibold">
          {until ? `A place is held for you until ${until} (India time).` : 'A place is held for you.'}
        </p>
        <p className="mt-1 text-sm text-emerald-50/90">
          It is {offer.label}, offered to you from its waiting list. Complete the steps below to take it;
          after that time it passes to the next in line.
        </p>
      </div>
    );
  }
  if (!invalid) return null;
  return (
    <div role="status" className={`${panel} mb-6 border-amber-400/60 bg-amber-950/40 text-amber-50`}>
      <p className="font-semibold">This offer link no longer holds a place for you.</p>
      <p className="mt-1 text-sm text-amber-50/90">
        The offer may have expired or been used already, or it was made to another account. You can still
        register below if places are left, or join the waiting list of a full option. Your waiting lists are
        in{' '}
        <Link href="/profile" className={textLinkClass}>
          your profile
        </Link>
        .
      </p>
    </div>
  );
}

/** Below the options in step 1, when a full option is chosen: what happens next. */
export function FullOptionNotice({
  optionName,
  entry,
  words,
}: {
  optionName: string;
  entry: MyWaitingEntry | undefined;
  /** A team's words or one person's ("Verify your team" / "Verify your account"). */
  words: EntryWords;
}) {
  if (entry) {
    return (
      <p role="status" className={`${panel} border-gold/40 bg-gold/10 text-parchment`}>
        You are already on the waiting list for {optionName}
        {entry.position ? `, number ${entry.position} in line` : ''}. You can see it, or leave it, in{' '}
        <Link href="/profile" className={textLinkClass}>
          your profile
        </Link>
        .
      </p>
    );
  }
  return (
    <p role="status" className={`${panel} border-gold/40 bg-gold/10 text-parchment`}>
      {words.fullOption(optionName)}: when a place frees, the first in line is offered it by e-mail.
    </p>
  );
}

/** The end of joining: the visitor's place in line, and where to see or leave the list. */
export function WaitingListJoined({
  optionName,
  eventName,
  position,
  free,
  categoryPath,
}: {
  optionName: string;
  eventName: string;
  position: number | null;
  /** Whether the option costs nothing: the offer then leads to registering rather than paying. */
  free: boolean;
  categoryPath: string;
}) {
  return (
    <div className="flex flex-col gap-4">
      <StepHeading id="step-joined" focusOnMount>
        You are on the waiting list
      </StepHeading>
      <p className="text-lg text-parchment">
        {position
          ? `You are number ${position} in line for ${optionName} of ${eventName}.`
          : `You are on the waiting list for ${optionName} of ${eventName}.`}
      </p>
      <p className="text-parchment/85">
        When a place frees, the first in line gets an e-mail: the place is then held for them for a limited
        time, with a link straight to {free ? 'registering' : 'paying'}. Nothing is paid until then.
      </p>
      <p className="text-parchment/85">
        You can see your place in line, or leave the list, in{' '}
        <Link href="/profile" className={textLinkClass}>
          your profile
        </Link>
        .
      </p>
      <p>
        <Link href={categoryPath} className={textLinkClass}>
          Back to the events
        </Link>
      </p>
    </div>
  );
}
