import { formatDecimal } from '@/lib/money';
import type { FestivalEvent } from '@/lib/content-types';
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
 * A category page lists a dozen events; each used to carry the organiser and the festival in full, in the
 * HTML and again in the RSC payload. There they are one graph: the festival and the organiser once, named
 * by `@id`, and each event points at them (JSON-LD's node references, which search engines resolve).
 */
function place() {
  const v = festival.venue;
  return {
    '@type': 'Place',
    name: v.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: v.street,
      addressLocality: v.city,
      addressRegion: v.region,
      postalCode: v.postalCode,
      addressCountry: 'IN',
    },
  };
}

/** The `@id`s of the nodes a category page's events point at. */
const festivalId = (siteUrl: string) => `${siteUrl}/#festival`;
const organizerId = (siteUrl: string) => `${siteUrl}/#organizer`;

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

/** One session as a schema.org Event: its round in the name, at its venue on the festival's grounds. */
function sessionJsonLd(s: TimetableSession) {
  return {
    '@type': 'Event',
    name: sessionTitle(s),
    startDate: indiaDateTime(s.startsAt),
    endDate: indiaDateTime(s.endsAt),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { ...place(), name: `${s.venueName}, ${festival.venue.name}` },
  };
}

/** The schedule page: the festival with one subEvent per session. */
export function scheduleJsonLd(sessions: readonly TimetableSession[], siteUrl: string) {
  return {
    ...festivalJsonLd(siteUrl),
    url: `${siteUrl}/schedule`,
    subEvent: sessions.map(sessionJsonLd),
  };
}

/**
 * One event on its category page, as a node of that page's graph (categoryJsonLd): the festival and the
 * organiser are references. With a timetable its dates and place are its sessions' (from the first start to
 * the last end, each session a subEvent); without one, the event's own start and venue if set.
 */
export function eventJsonLd(
  event: FestivalEvent,
  pageUrl: string,
  siteUrl: string,
  sessions: readonly TimetableSession[] = [],
) {
  const ordered = byTime(sessions);
  const first = ordered[0];
  const when = first
    ? {
        startDate: indiaDateTime(first.startsAt),
        endDate: indiaDateTime(ordered.reduce((end, s) => (s.endsAt > end ? s.endsAt : end), first.endsAt)),
      }
    : { startDate: event.startsAt ?? `${festival.startDate}T09:00:00+05:30` };
  const venue = first?.venueName ?? event.venue;
  return {
    '@type': 'Event',
    name: event.name,
    description: event.description,
    ...when,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: venue ? { ...place(), name: `${venue}, ${festival.venue.name}` } : place(),
    ...(ordered.length > 1 ? { subEvent: ordered.map(sessionJsonLd) } : {}),
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

/** A category page's one JSON-LD block: the festival and the organiser once, then its events. */
export function categoryJsonLd(
  events: readonly { event: FestivalEvent; sessions?: readonly TimetableSession[] }[],
  pageUrl: string,
  siteUrl: string,
) {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Festival', '@id': festivalId(siteUrl), name: festivalTitle, url: siteUrl },
      organizerJsonLd(siteUrl),
      ...events.map(({ event, sessions }) => eventJsonLd(event, pageUrl, siteUrl, sessions)),
    ],
  };
}

/** Serialises JSON-LD for a <script> tag, escaping '<' so no content can close the tag early. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
