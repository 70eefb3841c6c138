import type { Metadata } from 'next';
import Link from 'next/link';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { getDb } from '@/lib/server/db';
import { resultsOverview } from '@/lib/server/results';

export const metadata: Metadata = { title: 'Results' };

const stateLabels = { none: 'Nothing recorded', draft: 'Draft', published: 'Published' } as const;

export default async function ResultsPage() {
  await requireConsoleUser();
  const rows = await resultsOverview(await getDb());
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Results</h1>
      <p className="mt-2 max-w-prose">
        Record who goes through from each round and the final placings. Nothing is public, and nobody is
        mailed, until you publish an event&apos;s results; published results show on{' '}
        <Link href="/results" className="text-gold underline">
          /results
        </Link>{' '}
        and on the event&apos;s card.
      </p>
      <ul aria-label="Events" className="mt-6 divide-y divide-white/10 rounded-lg border border-white/10">
        {rows.map((row) => (
          <li key={row.eventId} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <Link
              href={`/admin/results/${row.eventId}`}
              className="min-h-11 content-center text-parchment underline"
            >
              {row.eventName}
              <span className="text-parchment/60"> · {row.categoryName}</span>
            </Link>
            <span
              className={`rounded-full border px-2 py-0.5 text-xs uppercase tracking-wide ${
                row.state === 'published' ? 'border-gold text-gold' : 'border-parchment/40 text-parchment/80'
              }`}
            >
              {stateLabels[row.state]}
            </span>
          </li>
        ))}
      </ul>
    </main>
  );
}
