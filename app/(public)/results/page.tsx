import type { Metadata } from 'next';
import Link from 'next/link';
import { PlacingsList } from '@/components/results/placings-list';
import { JsonLd } from '@/components/seo/json-ld';
import { festival } from '@/lib/festival';
import { cachedPublishedResults } from '@/lib/server/content-cache';
import { env } from '@/lib/server/env';
import { resultsJsonLd } from '@/lib/structured-data';

/*
 * Cached like the other public pages: rendered on the first visit after a build or after organisers
 * publish or withdraw an event's results (tag content:results), then served from the cache.
 */
export const revalidate = false;

export const metadata: Metadata = {
  title: 'Results',
  description: `Winners and special mentions of every event of ${festival.name}, by category.`,
  alternates: { canonical: '/results' },
};

export default async function ResultsPage() {
  const categories = await cachedPublishedResults();
  return (
    <main className="mx-auto max-w-4xl px-4 pb-24 pt-24">
      <h1 className="text-center font-display text-5xl tracking-widest text-gold">Results</h1>
      {categories.length === 0 ? (
        <p className="mt-10 text-center text-lg">
          No results yet: they appear here as each event ends. See the{' '}
          <Link href="/schedule" className="text-gold underline">
            schedule
          </Link>{' '}
          for what is on.
        </p>
      ) : (
        <div className="mt-10 space-y-12">
          {categories.map((category) => (
            <section key={category.categoryId} aria-labelledby={`results-category-${category.categoryId}`}>
              <h2
                id={`results-category-${category.categoryId}`}
                className="font-display text-3xl tracking-wide text-gold"
              >
                {category.categoryName}
              </h2>
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                {category.events.map((event) => (
                  <article key={event.eventId} className="rounded-2xl border border-gold/25 bg-night/80 p-5">
                    <h3 className="font-display text-xl text-parchment">{event.eventName}</h3>
                    <div className="mt-3">
                      <PlacingsList eventName={event.eventName} placings={event.placings} />
                    </div>
                  </article>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
      {categories.length > 0 ? <JsonLd data={resultsJsonLd(categories, env().SITE_URL)} /> : null}
    </main>
  );
}
