import { and, eq } from 'drizzle-orm';
import type { Metadata } from 'next';
import { cache } from 'react';
import { GuardedPage } from '@/components/auth/guarded-page';
import { EventRegistrationScreen } from '@/components/event-registration/event-registration-screen';
import { InvalidOfferLink } from '@/components/event-registration/invalid-offer-link';
import { UnavailableEvent } from '@/components/event-registration/unavailable-event';
import { takesRegistrations } from '@/components/events/event-card';
import type { FestivalEvent } from '@/lib/content-types';
import { festivalTitle } from '@/lib/festival';
import { isCategoryPosition } from '@/lib/navigation';
import { queryObject, type SearchParams } from '@/lib/query-string';
import { cachedCategories, cachedEventsByCategory } from '@/lib/server/content-cache';
import { requestViewer } from '@/lib/server/auth/request-viewer';
import { getDb } from '@/lib/server/db';
import { events, participationOptions, waitingListEntries } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { placesLeft } from '@/lib/server/services/places';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Target {
  position: string;
  event: FestivalEvent | null;
  /** A waiting list's offer named by the link (?offer=), checked as the caller's in the browser. */
  offerId: string | null;
  /** The option to start with: the offer's, or the one a card's "Join the waiting list" named (?option=). */
  optionId: number | null;
}

/**
 * The event in the URL (/event/{N}/register?event={id}), read on the server so a reload or a shared link
 * works: N is the category's 1-based position, and the event must belong to that category. An offer link
 * (/event/{categoryId}/register?offer={entryId}, docs/waiting-lists.md) names its event through the
 * offer instead, so it still leads there after the categories were reordered.
 */
async function eventFor({ params, searchParams }: Props): Promise<Target> {
  const [{ id: position }, query] = await Promise.all([params, searchParams]);
  const { offer, option, event } = queryObject(query);
  return targetOf(position, offer, option, event);
}

/** eventFor's reads, once per request: the page and its metadata both ask (React's per-request cache). */
const targetOf = cache(
  async (
    position: string,
    offer: string | undefined,
    rawOption: string | undefined,
    raw: string | undefined,
  ): Promise<Target> => {
    const offerId = offer && uuidPattern.test(offer) ? offer.toLowerCase() : null;
    const wantedOption = rawOption && /^[1-9]\d{0,9}$/.test(rawOption) ? Number(rawOption) : null;
    if (offerId) {
      const offered = await offeredEvent(offerId);
      if (offered) return { ...offered, offerId };
    }
    const none = { position, event: null, offerId, optionId: null };
    if (!isCategoryPosition(position) || !raw || !/^[1-9]\d{0,9}$/.test(raw)) return none;
    const category = (await cachedCategories())[Number(position) - 1];
    if (!category) return none;
    const list = await cachedEventsByCategory(category.id);
    const event = list.find((e) => e.id === Number(raw)) ?? null;
    if (!event) return none;
    const optionId = event.participations.some((o) => o.id === wantedOption) ? wantedOption : null;
    return { position, event: await withFreshPlaces(event), offerId, optionId };
  },
);

/**
 * The event and option of a waiting list's offer, whoever's it is and whatever its state: the link only
 * says which public event to show. Whether the offer is the caller's and still stands is asked in the
 * browser (GET /api/waiting-lists), and the server checks it again when the offer is taken.
 */
async function offeredEvent(
  offerId: string,
): Promise<{ position: string; event: FestivalEvent; optionId: number } | null> {
  const [row] = await (
    await getDb()
  )
    .select({ optionId: participationOptions.id, eventId: events.id, categoryId: events.categoryId })
    .from(waitingListEntries)
    .innerJoin(
      participationOptions,
      and(
        eq(waitingListEntries.kind, 'participation_option'),
        eq(participationOptions.id, waitingListEntries.itemId),
      ),
    )
    .innerJoin(events, eq(events.id, participationOptions.eventId))
    .where(eq(waitingListEntries.id, offerId));
  if (!row) return null;
  const index = (await cachedCategories()).findIndex((c) => c.id === row.categoryId);
  if (index < 0) return null;
  const event = (await cachedEventsByCategory(row.categoryId)).find((e) => e.id === row.eventId);
  if (!event) return null;
  return { position: String(index + 1), event: await withFreshPlaces(event), optionId: row.optionId };
}

/**
 * The event with its places left read now, not from the cache: a hold that lapsed a moment ago frees its
 * place here at once (the cached pages learn it at the next change). The page renders per request anyway.
 * The viewer's own unpaid hold counts as theirs: back here before paying, they see the place they hold,
 * and their next order takes it over.
 */
async function withFreshPlaces(event: FestivalEvent): Promise<FestivalEvent> {
  if (event.participations.every((o) => o.places_left === null)) return event;
  const left = await placesLeft(
    await getDb(),
    event.participations.map((o) => o.id),
    (await requestViewer())?.userId,
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
  const { position, event } = await eventFor(props);
  // Indexable, like every page (docs/decisions.md, "Transient pages"): a crawler has no session and is sent
  // to /login anyway; the canonical address is the event's category page, where its details are.
  return {
    title: event ? `${event.name} registration` : 'Event registration',
    description: event
      ? `Register for ${event.name} at ${festivalTitle}.`
      : `Register for an event at ${festivalTitle}.`,
    alternates: { canonical: categoryPathOf(position) },
  };
}

/** The category page an event's registration belongs to: /event/{N}, or the categories when N is not one. */
function categoryPathOf(position: string) {
  return isCategoryPosition(position) ? `/event/${position}` : '/event';
}

export default async function EventRegistrationPage(props: Props) {
  const { position, event, offerId, optionId } = await eventFor(props);
  const categoryPath = categoryPathOf(position);
  let screen;
  if (event && takesRegistrations(event)) {
    screen = (
      <EventRegistrationScreen
        // A new offer link (or card link) on the same page starts the screen afresh.
        key={`${event.id}:${offerId ?? ''}:${optionId ?? ''}`}
        event={event}
        position={Number(position)}
        instituteDomain={env().INSTITUTE_EMAIL_DOMAIN}
        offerId={offerId}
        initialOptionId={optionId}
      />
    );
  } else if (offerId && !event) {
    screen = <InvalidOfferLink />;
  } else {
    screen = <UnavailableEvent fallback={categoryPath} />;
  }
  return <GuardedPage user={await requestViewer()}>{screen}</GuardedPage>;
}
