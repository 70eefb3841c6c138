import type { Metadata } from 'next';
import { RoleGuard } from '@/components/auth/role-guard';
import { EventRegistrationScreen } from '@/components/event-registration/event-registration-screen';
import { UnavailableEvent } from '@/components/event-registration/unavailable-event';
import { takesRegistrations } from '@/components/events/event-card';
import type { FestivalEvent } from '@/lib/content-types';
import { cachedCategories, cachedEventsByCategory } from '@/lib/server/content-cache';
import { getDb } from '@/lib/server/db';
import { env } from '@/lib/server/env';
import { placesLeft } from '@/lib/server/services/places';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The event in the URL (/event/{N}/register?event={id}), read on the server so a reload or a shared link
 * works: N is the category's 1-based position, and the event must belong to that category.
 */
async function eventFor({
  params,
  searchParams,
}: Props): Promise<{ position: string; event: FestivalEvent | null }> {
  const [{ id: position }, query] = await Promise.all([params, searchParams]);
  const raw = Array.isArray(query.event) ? query.event[0] : query.event;
  if (!/^[1-9]\d{0,3}$/.test(position) || !raw || !/^[1-9]\d{0,9}$/.test(raw))
    return { position, event: null };
  const category = (await cachedCategories())[Number(position) - 1];
  if (!category) return { position, event: null };
  const events = await cachedEventsByCategory(category.id);
  const event = events.find((e) => e.id === Number(raw)) ?? null;
  return { position, event: event && (await withFreshPlaces(event)) };
}

/**
 * The event with its places left read now, not from the cache: a hold that lapsed a moment ago frees its
 * place here at once (the cached pages learn it at the next change). The page renders per request anyway.
 */
async function withFreshPlaces(event: FestivalEvent): Promise<FestivalEvent> {
  if (event.participations.every((o) => o.places_left === null)) return event;
  const left = await placesLeft(
    await getDb(),
    event.participations.map((o) => o.id),
  );
  return {
    ...event,
    participations: event.participations.map((o) => ({
      ...o,
      places_left: left.has(o.id) ? (left.get(o.id) ?? null) : o.places_left,
    })),
  };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { event } = await eventFor(props);
  return { title: event ? `${event.name} registration` : 'Event registration', robots: { index: false } };
}

export default async function EventRegistrationPage(props: Props) {
  const { position, event } = await eventFor(props);
  const categoryPath = /^[1-9]\d{0,3}$/.test(position) ? `/event/${position}` : '/event';
  return (
    <RoleGuard>
      {event && takesRegistrations(event) ? (
        <EventRegistrationScreen
          event={event}
          position={Number(position)}
          instituteDomain={env().INSTITUTE_EMAIL_DOMAIN}
        />
      ) : (
        <UnavailableEvent fallback={categoryPath} />
      )}
    </RoleGuard>
  );
}
