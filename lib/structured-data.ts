import { formatDecimal } from '@/lib/money';
import type { FestivalEvent } from '@/lib/content-types';
import { festival, festivalTitle } from '@/lib/festival';
import { festivalOffset, localInputValue, sessionTitle, type TimetableSession } from '@/lib/timetable';

/**
 * schema.org descriptions for search engines: the festival as an Event with its place and dates, the
 * organiser, and each event with its offers in rupees.
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

export function organizerJsonLd(siteUrl: string) {
  return {
    '@type': 'Organization',
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
 * The schedule page: the festival with one subEvent per session (its round in the name), each at its
 * venue on the festival's grounds.
 */
export function scheduleJsonLd(sessions: readonly TimetableSession[], siteUrl: string) {
  return {
    ...festivalJsonLd(siteUrl),
    url: `${siteUrl}/schedule`,
    subEvent: sessions.map((s) => ({
      '@type': 'Event',
      name: sessionTitle(s),
      startDate: indiaDateTime(s.startsAt),
      endDate: indiaDateTime(s.endsAt),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { ...place(), name: `${s.venueName}, ${festival.venue.name}` },
    })),
  };
}

export function eventJsonLd(event: FestivalEvent, pageUrl: string, siteUrl: string) {
  const start = event.startsAt ?? `${festival.startDate}T09:00:00+05:30`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: event.description,
    startDate: start,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: event.venue ? { ...place(), name: `${event.venue}, ${festival.venue.name}` } : place(),
    image: [`${siteUrl}${event.image_url}`],
    url: pageUrl,
    superEvent: { '@type': 'Festival', name: festivalTitle, url: siteUrl },
    organizer: organizerJsonLd(siteUrl),
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

/** Serialises JSON-LD for a <script> tag, escaping '<' so no content can close the tag early. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
