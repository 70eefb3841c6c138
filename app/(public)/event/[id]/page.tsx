import type { Metadata } from 'next';
import Image from 'next/image';
import { notFound } from 'next/navigation';
import { EventCard } from '@/components/events/event-card';
import { JsonLd } from '@/components/seo/json-ld';
import { BackButton } from '@/components/ui/back-button';
import { firstScreenPicture } from '@/lib/pictures/first-screen-picture';
import {
  cachedCategories,
  cachedEventsByCategory,
  cachedPublishedResults,
  cachedTimetable,
} from '@/lib/server/content-cache';
import { isCategoryPosition } from '@/lib/navigation';
import { env } from '@/lib/server/env';
import { categoryJsonLd } from '@/lib/structured-data';
import type { TimetableSession } from '@/lib/timetable';

/*
 * Cached whole, like /event: each N is rendered on its first visit after a build or a change of the events
 * (tag), then served from the cache. None is prerendered by the build, which has no database. An N that
 * names nothing is a cached 404 (kept in memory only, see lib/cache/shared-cache-handler.ts).
 */
export const revalidate = false;
export const dynamicParams = true;
export function generateStaticParams(): { id: string }[] {
  return [];
}

type Props = { params: Promise<{ id: string }> };

/** The category at 1-based position N, as the category list numbers them. */
async function categoryAt(id: string) {
  if (!isCategoryPosition(id)) return null;
  const categories = await cachedCategories();
  return categories[Number(id) - 1] ?? null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const category = await categoryAt(id);
  if (!category) return { title: 'Event category not found' };
  return {
    title: `${category.name} events`,
    description: `Every ${category.name} event of the festival: rules, fees, contacts and registration.`,
    alternates: { canonical: `/event/${id}` },
  };
}

export default async function CategoryEventsPage({ params }: Props) {
  const { id } = await params;
  const category = await categoryAt(id);
  if (!category) notFound();
  const [events, timetable, results] = await Promise.all([
    cachedEventsByCategory(category.id),
    cachedTimetable(),
    cachedPublishedResults(),
  ]);
  const placingsOf = new Map(results.flatMap((c) => c.events).map((e) => [e.eventId, e.placings]));
  // The timetable is in time order, so each event's list is too.
  const sessionsOf = new Map<number, TimetableSession[]>();
  for (const s of timetable) sessionsOf.set(s.eventId, [...(sessionsOf.get(s.eventId) ?? []), s]);
  const siteUrl = env().SITE_URL;
  const pageUrl = `${siteUrl}/event/${id}`;
  return (
    <main className="mx-auto max-w-6xl px-4 pb-24 pt-24">
      <BackButton fallback="/event" />
      <header className="relative mt-6 overflow-hidden rounded-3xl border border-gold/30">
        <Image
          // The page's whole width, at most 1120 px. On the first screen, but the first event's picture
          // below it is larger: that one is fetched first.
          {...firstScreenPicture(category.imageUrl, { sizes: '(min-width: 1152px) 1120px, 100vw' })}
          alt=""
          width={600}
          height={400}
          className="h-40 w-full object-cover opacity-60 sm:h-56"
        />
        <h1 className="absolute inset-0 flex items-center justify-center bg-ink/30 px-4 text-center font-display text-4xl tracking-widest text-gold drop-shadow sm:text-5xl">
          {category.name}
        </h1>
      </header>
      {events.length === 0 ? (
        <p className="mt-10 text-center text-lg">Events for this category will be announced soon.</p>
      ) : (
        <div className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-3">
          {events.map((event, index) => (
            <EventCard
              key={event.id}
              event={event}
              position={Number(id)}
              eager={index < 3}
              first={index === 0}
              sessions={sessionsOf.get(event.id)}
              placings={placingsOf.get(event.id)}
            />
          ))}
        </div>
      )}
      {events.length > 0 ? (
        <JsonLd
          data={categoryJsonLd(
            events.map((event) => ({ event, sessions: sessionsOf.get(event.id) })),
            pageUrl,
            siteUrl,
          )}
        />
      ) : null}
    </main>
  );
}
