import { formatDecimal } from '@/lib/money';
import type { FestivalEvent } from '@/lib/content-types';
import { placingLabel, type CategoryResults } from '@/lib/schemas/results';
import { festival, festivalTitle } from '@/lib/festival';
import {
  byTime,
  festivalOffset,
  localInputValue,
  sessionTitle,
  type TimetableSession,
} from '@/lib/timetable';

/**
 * schema.org descriptions for search engines: the festival as an Event with its place and dates, the
 * organiser, and each event with its offers in rupees.
 *
 * A category page lists a dozen events, and its JSON-LD is in the HTML and again in the RSC payload (React
 * hydrates from it), so every byte of it counts twice on each answer. There it is one graph: the festival,
 * the organiser, the postal address and each place events happen at appear once, named by `@id`, and the
 * events point at them (JSON-LD's node references, which search engines resolve).
 */
function postalAddress() {
  const v = festival.venue;
  return {
    '@type': 'PostalAddress',
    streetAddress: v.street,
    addressLocality: v.city,
    addressRegion: v.region,
    postalCode: v.postalCode,
    addressCountry: 'IN',
  };
}

/** A place on the festival's grounds: a named venue there, or the grounds themselves. */
function placeName(venue?: string | null): string {
  return venue ? `${venue}, ${festival.venue.name}` : festival.venue.name;
}

function place(venue?: string | null) {
  return { '@type': 'Place', name: placeName(venue), address: postalAddress() };
}

/** The `@id`s of the nodes a category page's events point at. */
const festivalId = (siteUrl: string) => `${siteUrl}/#festival`;
const organizerId = (siteUrl: string) => `${siteUrl}/#organizer`;
const addressId = (siteUrl: string) => `${siteUrl}/#address`;

type NodeRef = { '@id': string };

/**
 * The places of one category page: each becomes a node of the graph the first time an event or a session
 * names it, and every mention is a reference. Their ids are the page's own (`…/event/1#place-2`): a venue's
 * number means nothing beyond the page.
 */
export function pagePlaces(pageUrl: string, siteUrl: string) {
  const ids = new Map<string, string>();
  return {
    ref(venue?: string | null): NodeRef {
      const name = placeName(venue);
      let id = ids.get(name);
      if (!id) {
        id = `${pageUrl}#place-${ids.size + 1}`;
        ids.set(name, id);
      }
      return { '@id': id };
    },
    nodes() {
      return [
        { '@id': addressId(siteUrl), ...postalAddress() },
        ...[...ids].map(([name, id]) => ({
          '@type': 'Place',
          '@id': id,
          name,
          address: { '@id': addressId(siteUrl) },
        })),
      ];
    },
  };
}
export type PagePlaces = ReturnType<typeof pagePlaces>;

export function organizerJsonLd(siteUrl: string) {
  return {
    '@type': 'Organization',
    '@id': organizerId(siteUrl),
    name: `${festival.name} Organising Committee`,
    url: siteUrl,
    email: festival.emails[0],
    telephone: festival.coreTeamContact.phone.replace(/\s/g, ''),
    sameAs: festival.social.map((s) => s.href),
  };
}

export function festivalJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Festival',
    '@id': festivalId(siteUrl),
    name: festivalTitle,
    description: festival.description,
    startDate: `${festival.startDate}T09:00:00+05:30`,
    endDate: `${festival.endDate}T23:00:00+05:30`,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place(),
    image: [`${siteUrl}/opengraph-image`],
    url: siteUrl,
    organizer: organizerJsonLd(siteUrl),
  };
}

/** An instant as an ISO date-time in India's offset: "2027-02-20T10:00:00+05:30". */
export function indiaDateTime(t: string | Date): string {
  // India's offset is whole minutes, so the seconds read the same in UTC.
  const seconds = String(new Date(t).getUTCSeconds()).padStart(2, '0');
  return `${localInputValue(t)}:${seconds}${festivalOffset}`;
}

/**
 * One session as a schema.org Event: its round in the name, at its venue on the festival's grounds (in
 * full, or a reference to the page's place node).
 */
function sessionJsonLd(s: TimetableSession, places?: PagePlaces) {
  return {
    '@type': 'Event',
    name: sessionTitle(s),
    startDate: indiaDateTime(s.startsAt),
    endDate: indiaDateTime(s.endsAt),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: places ? places.ref(s.venueName) : place(s.venueName),
  };
}

/** The schedule page: the festival with one subEvent per session. */
export function scheduleJsonLd(sessions: readonly TimetableSession[], siteUrl: string) {
  return {
    ...festivalJsonLd(siteUrl),
    url: `${siteUrl}/schedule`,
    subEvent: sessions.map((s) => sessionJsonLd(s)),
  };
}

/**
 * One event on its category page, as a node of that page's graph (categoryJsonLd): the festival, the
 * organiser and its places are references. With a timetable its dates and place are its sessions' (from the
 * first start to the last end, each session a subEvent); without one, the event's own start and venue if set.
 */
export function eventJsonLd(
  event: FestivalEvent,
  pageUrl: string,
  siteUrl: string,
  places: PagePlaces,
  sessions: readonly TimetableSession[] = [],
) {
  const ordered = byTime(sessions);
  const first = ordered[0];
  const when = first
    ? {
        startDate: indiaDateTime(first.startsAt),
        endDate: indiaDateTime(ordered.reduce((end, s) => (s.endsAt > end ? s.endsAt : end), first.endsAt)),
      }
    : { startDate: event.startsAt ? indiaDateTime(event.startsAt) : `${festival.startDate}T09:00:00+05:30` };
  const venue = first?.venueName ?? event.venue;
  return {
    '@type': 'Event',
    name: event.name,
    description: event.description,
    ...when,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: places.ref(venue),
    ...(ordered.length > 1 ? { subEvent: ordered.map((s) => sessionJsonLd(s, places)) } : {}),
    image: [`${siteUrl}${event.image_url}`],
    url: pageUrl,
    superEvent: { '@id': festivalId(siteUrl) },
    organizer: { '@id': organizerId(siteUrl) },
    offers: event.participations.map((p) => ({
      '@type': 'Offer',
      name: p.participation_name,
      price: formatDecimal({ rupees: p.price }),
      priceCurrency: 'INR',
      url: pageUrl,
      availability: event.isRegistrationOpen ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    })),
  };
}

/**
 * A category page's one JSON-LD block: the festival and the organiser once, its events, then the address
 * and the places they refer to.
 */
export function categoryJsonLd(
  events: readonly { event: FestivalEvent; sessions?: readonly TimetableSession[] }[],
  pageUrl: string,
  siteUrl: string,
) {
  const places = pagePlaces(pageUrl, siteUrl);
  const eventNodes = events.map(({ event, sessions }) =>
    eventJsonLd(event, pageUrl, siteUrl, places, sessions),
  );
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Festival', '@id': festivalId(siteUrl), name: festivalTitle, url: siteUrl },
      organizerJsonLd(siteUrl),
      ...eventNodes,
      ...places.nodes(),
    ],
  };
}

/**
 * The results page: one ItemList per event, its placings in order (the podium first), each naming the
 * entry, its college and what it won; the page as a part of the festival's site.
 */
export function resultsJsonLd(categories: readonly CategoryResults[], siteUrl: string) {
  const url = `${siteUrl}/results`;
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: `Results of ${festivalTitle}`,
    url,
    about: { '@id': festivalId(siteUrl) },
    mainEntity: categories.flatMap((category) =>
      category.events.map((event) => ({
        '@type': 'ItemList',
        name: `${event.eventName} (${category.categoryName}): results`,
        itemListOrder: 'https://schema.org/ItemListOrderAscending',
        numberOfItems: event.placings.length,
        itemListElement: event.placings.map((placing, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: `${placingLabel(placing)}: ${placing.name} (${placing.college})`,
        })),
      })),
    ),
  };
}

/** Serialises JSON-LD for a <script> tag, escaping '<' so no content can close the tag early. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
