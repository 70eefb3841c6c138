import Link from 'next/link';
import type { WaitingKind } from '@/lib/schemas/waiting-lists';
import { liveSummary, waitingListPath } from './paths';

/**
 * The small "Waiting list" link beside an option, size or stay in the content consoles, with how many wait
 * when anyone does. `about` completes the name for screen readers ("for Size M"), as a list has many.
 */
export function WaitingListLink({
  kind,
  itemId,
  about,
  counts,
}: {
  kind: WaitingKind;
  itemId: number;
  about: string;
  counts?: { waiting: number; offered: number };
}) {
  const live = counts && counts.waiting + counts.offered > 0;
  return (
    <Link
      href={waitingListPath(kind, itemId)}
      prefetch={false}
      className="inline-flex min-h-6 items-center text-sm text-gold underline underline-offset-4 hover:text-amber-300"
    >
      Waiting list{live ? ` (${liveSummary(counts)})` : ''}
      <span className="sr-only"> for {about}</span>
    </Link>
  );
}
